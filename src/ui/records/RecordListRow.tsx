// One record of the list view as a grid row (records or shares columns), and the parts the card
// view shares with it: the selection box, the name (a real link) or its rename field, the languages.
// Rows are plain elements styled by record-list.css (issue 27: Chakra style props per cell were the
// list's long task on a phone); only the rare parts (rename field, copy-link button) stay Chakra.
import { Button } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordActions } from './RecordActions';
import { Cover, FavouriteButton, RenameField, StateWithReason, stateLabel, type RecordView } from './RecordCells';
import { Cell, rowColumnsStyle, type ColumnTemplates } from './RecordListColumns';
import type { RecordListViewProps } from './record-list-props';
import { formatDateTime, formatDuration, speakerCount } from './format';

function Times({ record }: { record: RecordView }) {
  return (
    <div className="rl-times">
      <div>{formatDateTime(record.createTime)}</div>
      <div>{formatDateTime(record.updateTime)}</div>
    </div>
  );
}

/** Source language above, translation (or 'No translation') below: two short lines fit the column. */
function Languages({ record, none }: { record: RecordView; none: string }) {
  const source = record.languages.join(', ') || '—';
  const target = record.targetLanguages.length ? `→ ${record.targetLanguages.join(', ')}` : none;
  return (
    <div className="rl-lines" title={languagesOf(record, none)}>
      <div>{source}</div>
      <div>{target}</div>
    </div>
  );
}

export function languagesOf(record: RecordView, none: string): string {
  const source = record.languages.join(', ') || '—';
  return record.targetLanguages.length ? `${source} → ${record.targetLanguages.join(', ')}` : `${source} · ${none}`;
}

export type ItemProps = RecordListViewProps & { record: RecordView };

export function SelectBox({ record, selectedIds, onToggleSelect }: ItemProps) {
  const { t } = useTranslation('records');
  return (
    <input
      type="checkbox"
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleSelect(record.id)}
      aria-label={t('selectRecord', { name: record.showName })}
      data-testid={`record-select-${record.id}`}
      style={{ width: 16, height: 16, accentColor: 'var(--chakra-colors-brand-500)' }}
    />
  );
}

export function NameOrEditor({ record, editingId, renameErrorText, onRenameSubmit, onRenameCancel, hrefOf, onOpen }: ItemProps) {
  if (editingId === record.id) {
    return <RenameField record={record} errorText={renameErrorText} onSubmit={(title) => onRenameSubmit(record.id, title)} onCancel={onRenameCancel} />;
  }
  // A modified or middle click keeps the browser's own behaviour (new tab, new window).
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(record.id);
  };
  // Titles are text nodes, never HTML.
  return (
    <a className="rl-name" href={hrefOf(record)} onClick={onClick} title={record.showName} data-testid={`record-name-${record.id}`}>
      {record.showName}
    </a>
  );
}

export function ListRow(props: ItemProps & { template: ColumnTemplates }) {
  const { record, variant, template } = props;
  const { t } = useTranslation('records');
  const speakers = speakerCount(record.speaker);
  const selected = props.selectedIds.includes(record.id);
  return (
    <div className="rl-row" style={rowColumnsStyle(template)} data-selected={selected ? '' : undefined} data-testid={`record-row-${record.id}`}>
      <SelectBox {...props} />
      <Cover record={record} size="36px" />
      <div className="rl-min0">
        <NameOrEditor {...props} />
        {/* Phones: state, duration and date under the name; the pieces wrap whole, never cut. */}
        <div className="rl-meta" data-cell="meta">
          <span>{stateLabel(t, record)}</span>
          <span>· {formatDuration(record.duration ?? record.audioDuration)}</span>
          <span>· {formatDateTime(record.createTime)}</span>
        </div>
      </div>
      {variant === 'records' ? (
        <>
          <Cell level="md" cell="state">
            <StateWithReason record={record} onRetry={props.onRetry && (() => props.onRetry?.(record.id))} retrying={props.retryingId === record.id} />
          </Cell>
          <Cell level="xl" cell="languages" small>
            <Languages record={record} none={t('noTargetLanguage')} />
          </Cell>
          <Cell level="xl" cell="speakers">{speakers === null ? t('speakersOff') : t('speakersCount', { count: speakers })}</Cell>
          <Cell level="md" cell="duration">{formatDuration(record.duration ?? record.audioDuration)}</Cell>
          <Cell level="md" cell="times">
            <Times record={record} />
          </Cell>
          <Cell level="xl" cell="folder" small>
            <span title={record.folderName ?? ''}>{record.folderName ?? '—'}</span>
          </Cell>
        </>
      ) : (
        <ShareCells {...props} />
      )}
      {variant === 'records' ? (
        <FavouriteButton record={record} onToggle={() => props.onFavourite(record.id)} />
      ) : (
        <button type="button" className="ghost-button rl-icon-button" data-danger="" onClick={() => props.onRevoke?.(record.id)} aria-label={t('revoke')} title={t('revoke')} data-testid={`record-revoke-${record.id}`}>
          ⨯
        </button>
      )}
      <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
    </div>
  );
}

function ShareCells({ record, shareUrlOf, onCopyLink }: ItemProps) {
  const { t } = useTranslation('records');
  const url = shareUrlOf?.(record) ?? '';
  return (
    <>
      <Cell level="xl">
        <StateWithReason record={record} />
      </Cell>
      <div className="rl-cell" data-level="md">
        <div className="rl-share-link">
          <p className="rl-muted-xs rl-truncate" title={url} data-testid={`record-share-link-${record.id}`}>
            {url}
          </p>
          <Button size="2xs" variant="outline" onClick={() => onCopyLink?.(record.id)} data-testid={`record-copy-link-${record.id}`}>
            {t('copyLink')}
          </Button>
        </div>
      </div>
      <Cell level="xl">{record.copyStatus === '1' ? t('copyAllowed') : t('copyNotAllowed')}</Cell>
      <Cell level="md">{record.shareExpireTime ? formatDateTime(record.shareExpireTime) : t('sharedForever')}</Cell>
      <Cell level="xl">
        <Times record={record} />
      </Cell>
    </>
  );
}
