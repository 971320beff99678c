// The record list's columns: which show from which width (phones, tablets, desktop), the grid
// template of each variant, the cells that hide below their breakpoint, and the header row.
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordListVariant } from './record-list-props';
import './record-list.css';

// Each column shows from a breakpoint on: 'always' (phones too), 'md' (tablets) or 'xl' (desktop).
type Level = 'always' | 'md' | 'xl';
const COLUMNS: Record<RecordListVariant, ReadonlyArray<{ width: string; level: Level }>> = {
  // select, cover, name, state, languages, speakers, duration, created/modified, folder, favourite, menu
  // At 1280 px (the narrowest desktop) the fixed columns leave the name about 140 px; every header
  // fits its column in each language (the e2e journey measures them).
  records: [
    { width: '28px', level: 'always' },
    { width: '40px', level: 'always' },
    { width: 'minmax(120px,1fr)', level: 'always' },
    { width: '136px', level: 'md' },
    { width: '104px', level: 'xl' },
    { width: '76px', level: 'xl' },
    { width: '72px', level: 'md' },
    { width: '128px', level: 'md' },
    { width: '96px', level: 'xl' },
    { width: '32px', level: 'always' },
    { width: '32px', level: 'always' },
  ],
  // select, cover, name, state, link, copies, expiry, created/modified, revoke, menu
  shares: [
    { width: '28px', level: 'always' },
    { width: '40px', level: 'always' },
    { width: 'minmax(120px,1fr)', level: 'always' },
    { width: '128px', level: 'xl' },
    { width: 'minmax(160px,1.2fr)', level: 'md' },
    { width: '80px', level: 'xl' },
    { width: '124px', level: 'md' },
    { width: '124px', level: 'xl' },
    { width: '32px', level: 'always' },
    { width: '32px', level: 'always' },
  ],
};
const SHOWN_FROM: Record<Level, Level[]> = { always: ['always'], md: ['always', 'md'], xl: ['always', 'md', 'xl'] };
const templateAt = (variant: RecordListVariant, level: Level) =>
  COLUMNS[variant].filter((column) => SHOWN_FROM[level].includes(column.level)).map((column) => column.width).join(' ');
export const templatesOf = (variant: RecordListVariant) => ({ base: templateAt(variant, 'always'), md: templateAt(variant, 'md'), xl: templateAt(variant, 'xl') });
/** A row's grid template at each width, as the custom properties record-list.css reads. */
export const rowColumnsStyle = (template: ColumnTemplates) =>
  ({ '--rl-cols-base': template.base, '--rl-cols-md': template.md, '--rl-cols-xl': template.xl }) as CSSProperties;

// Headers keep the header row's small type; a body-sized header was what cut 'Speakers' short.
// `cell` names a body cell for the e2e check that fixed texts (states, languages, the default
// folder…) are never cut; only names the user chose (records, own folders) may truncate, with a tooltip.
// A plain element (record-list.css shows it from its level's width on): every row renders several.
export function Cell({ children, level, header, testId, cell, small }: { children: ReactNode; level: Exclude<Level, 'always'>; header?: boolean; testId?: string; cell?: string; small?: boolean }) {
  return (
    <div className="rl-cell" data-level={level} data-small={header || small ? '' : undefined} data-testid={testId} data-cell={cell}>
      {children}
    </div>
  );
}

function HeaderCell({ name, level, children }: { name: string; level: Exclude<Level, 'always'>; children: ReactNode }) {
  return (
    <Cell level={level} header testId={`record-col-${name}`}>
      {children}
    </Cell>
  );
}

// Header and rows reserve the same scrollbar gutter, so their columns line up.
export const GUTTER = { scrollbarGutter: 'stable' } as const;

export type ColumnTemplates = ReturnType<typeof templatesOf>;

/** The column titles of the list view (cards have none): a plain grid like the rows' (record-list.css). */
export function RecordListHeader({ variant, template }: { variant: RecordListVariant; template: ColumnTemplates }) {
  const { t } = useTranslation('records');
  return (
    <div className="rl-head" role="presentation" style={{ ...rowColumnsStyle(template), ...GUTTER }} data-testid="record-list-header">
      <span />
      <span />
      <span>{t('col.name')}</span>
      {variant === 'records' ? (
        <>
          <HeaderCell name="state" level="md">{t('col.state')}</HeaderCell>
          <HeaderCell name="languages" level="xl">{t('col.languages')}</HeaderCell>
          <HeaderCell name="speakers" level="xl">{t('col.speakers')}</HeaderCell>
          <HeaderCell name="duration" level="md">{t('col.duration')}</HeaderCell>
          <HeaderCell name="times" level="md">{`${t('col.created')} / ${t('col.modified')}`}</HeaderCell>
          <HeaderCell name="folder" level="xl">{t('col.folder')}</HeaderCell>
        </>
      ) : (
        <>
          <HeaderCell name="state" level="xl">{t('col.state')}</HeaderCell>
          <HeaderCell name="link" level="md">{t('col.link')}</HeaderCell>
          <HeaderCell name="copy" level="xl">{t('col.copy')}</HeaderCell>
          <HeaderCell name="expiry" level="md">{t('col.expiry')}</HeaderCell>
          <HeaderCell name="times" level="xl">{`${t('col.created')} / ${t('col.modified')}`}</HeaderCell>
        </>
      )}
      <span />
      <span />
    </div>
  );
}
