import { Box, Button, Grid, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordActions, type RecordAction } from './RecordActions';
import { Cover, FavouriteButton, RenameField, StateWithReason, stateLabel, type RecordView } from './RecordCells';
import { formatDateTime, formatDuration, speakerCount } from './format';

export type RecordListVariant = 'records' | 'shares';

export interface RecordListViewProps {
  rows: RecordView[];
  viewMode: 'list' | 'card';
  variant: RecordListVariant;
  selectedIds: readonly string[];
  editingId: string | null;
  renameErrorText?: string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** The share page address of a shared record (shares list). */
  shareUrlOf?(record: RecordView): string | null;
  /** The address of the record's transcript page: the name is a real link (new tab, copy link). */
  hrefOf(record: RecordView): string;
  /** A plain click on the name: open the transcript in the app. */
  onOpen(id: string): void;
  onLoadMore(): void;
  onToggleSelect(id: string): void;
  onAction(id: string, action: RecordAction): void;
  onRenameSubmit(id: string, title: string): void;
  onRenameCancel(): void;
  onFavourite(id: string): void;
  onRevoke?(id: string): void;
  onCopyLink?(id: string): void;
  /** Retry on a failed record; `retryingId` names the one on its way. */
  onRetry?(id: string): void;
  retryingId?: string | null;
}

const ROW_HEIGHT = 56;
const CARD_HEIGHT = 252;
const CARD_MIN_WIDTH = 240;
const OVERSCAN = 4;

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
const templatesOf = (variant: RecordListVariant) => ({ base: templateAt(variant, 'always'), md: templateAt(variant, 'md'), xl: templateAt(variant, 'xl') });
const DISPLAY: Record<Exclude<Level, 'always'>, { base: string; md?: string; xl?: string }> = {
  md: { base: 'none', md: 'block' },
  xl: { base: 'none', xl: 'block' },
};

// Headers keep the header row's small type; a body-sized header was what cut 'Speakers' short.
// `cell` names a body cell for the e2e check that fixed texts (states, languages, the default
// folder…) are never cut; only names the user chose (records, own folders) may truncate, with a tooltip.
function Cell({ children, level, header, testId, cell, small }: { children: ReactNode; level: Exclude<Level, 'always'>; header?: boolean; testId?: string; cell?: string; small?: boolean }) {
  return (
    <Box
      display={DISPLAY[level]}
      minW="0"
      overflow="hidden"
      textOverflow="ellipsis"
      whiteSpace="nowrap"
      fontSize={header || small ? 'xs' : 'sm'}
      color="fg.muted"
      data-testid={testId}
      data-cell={cell}
    >
      {children}
    </Box>
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
const GUTTER = { scrollbarGutter: 'stable' } as const;

function Times({ record }: { record: RecordView }) {
  return (
    <Box lineHeight="short" fontSize="xs">
      <div>{formatDateTime(record.createTime)}</div>
      <div>{formatDateTime(record.updateTime)}</div>
    </Box>
  );
}

/** Source language above, translation (or 'No translation') below: two short lines fit the column. */
function Languages({ record, none }: { record: RecordView; none: string }) {
  const source = record.languages.join(', ') || '—';
  const target = record.targetLanguages.length ? `→ ${record.targetLanguages.join(', ')}` : none;
  return (
    <Box lineHeight="short" title={languagesOf(record, none)}>
      <div>{source}</div>
      <div>{target}</div>
    </Box>
  );
}

function languagesOf(record: RecordView, none: string): string {
  const source = record.languages.join(', ') || '—';
  return record.targetLanguages.length ? `${source} → ${record.targetLanguages.join(', ')}` : `${source} · ${none}`;
}

function useColumns(element: HTMLElement | null): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    if (!element) return;
    const measure = () => setColumns(Math.max(1, Math.floor(element.clientWidth / CARD_MIN_WIDTH)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return columns;
}

export function RecordListView(props: RecordListViewProps) {
  const { rows, viewMode, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useTranslation('records');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const columns = useColumns(scroller);
  const perLine = viewMode === 'card' ? columns : 1;
  const lineCount = Math.ceil(rows.length / perLine);

  const virtualizer = useVirtualizer({
    count: lineCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (viewMode === 'card' ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: OVERSCAN,
    // jsdom and the first paint have no layout; show a first screen rather than nothing.
    initialRect: { width: 1024, height: 800 },
  });
  useEffect(() => virtualizer.measure(), [viewMode, perLine, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Rows come page by page: ask for the next page when the last loaded line is about to show.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= lineCount - 1 - OVERSCAN) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, lineCount, onLoadMore]);

  const template = templatesOf(props.variant);
  return (
    <Box display="flex" flexDirection="column" flex="1" minH="0" borderWidth="1px" borderRadius="lg" bg="bg" data-testid="record-list" data-view={viewMode}>
      {viewMode === 'list' && (
        <Grid
          templateColumns={template}
          gap="2"
          px="3"
          py="2"
          borderBottomWidth="1px"
          fontSize="xs"
          fontWeight="semibold"
          color="fg.muted"
          alignItems="center"
          role="presentation"
          overflow="hidden"
          style={GUTTER}
          data-testid="record-list-header"
        >
          <span />
          <span />
          <span>{t('col.name')}</span>
          {props.variant === 'records' ? (
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
        </Grid>
      )}
      <Box
        ref={(element: HTMLDivElement | null) => {
          scrollRef.current = element;
          setScroller(element);
        }}
        flex="1"
        minH="0"
        overflowY="auto"
        style={GUTTER}
        data-testid="record-list-scroller"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const line = rows.slice(item.index * perLine, item.index * perLine + perLine);
            return (
              <div
                key={item.key}
                data-index={item.index}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {viewMode === 'list' ? (
                  <ListRow {...props} record={line[0]!} template={template} />
                ) : (
                  <Grid templateColumns={`repeat(${perLine}, minmax(0, 1fr))`} gap="3" px="2" pt="2" pb="1" h="full">
                    {line.map((record) => (
                      <RecordCard key={record.id} {...props} record={record} />
                    ))}
                  </Grid>
                )}
              </div>
            );
          })}
        </div>
        {loadingMore && (
          <Text textAlign="center" py="2" fontSize="sm" color="fg.muted" data-testid="record-list-loading-more">
            {t('loadingMore')}
          </Text>
        )}
      </Box>
    </Box>
  );
}

type ItemProps = RecordListViewProps & { record: RecordView };

function SelectBox({ record, selectedIds, onToggleSelect }: ItemProps) {
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

function NameOrEditor({ record, editingId, renameErrorText, onRenameSubmit, onRenameCancel, hrefOf, onOpen }: ItemProps) {
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
    <Text asChild fontWeight="medium" truncate display="block" color="fg" _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
      <a href={hrefOf(record)} onClick={onClick} title={record.showName} data-testid={`record-name-${record.id}`}>
        {record.showName}
      </a>
    </Text>
  );
}

function ListRow(props: ItemProps & { template: ReturnType<typeof templatesOf> }) {
  const { record, variant, template } = props;
  const { t } = useTranslation('records');
  const speakers = speakerCount(record.speaker);
  const selected = props.selectedIds.includes(record.id);
  return (
    <Grid
      templateColumns={template}
      gap="2"
      px="3"
      h="full"
      alignItems="center"
      borderBottomWidth="1px"
      bg={selected ? 'brand.subtle' : undefined}
      data-testid={`record-row-${record.id}`}
    >
      <SelectBox {...props} />
      <Cover record={record} size="36px" />
      <Box minW="0">
        <NameOrEditor {...props} />
        {/* Phones: state, duration and date under the name; the pieces wrap whole, never cut. */}
        <Box display={{ base: 'flex', md: 'none' }} flexWrap="wrap" columnGap="1.5" fontSize="xs" lineHeight="1.25" color="fg.muted" data-cell="meta">
          <Text as="span" whiteSpace="nowrap">{stateLabel(t, record)}</Text>
          <Text as="span" whiteSpace="nowrap">· {formatDuration(record.duration ?? record.audioDuration)}</Text>
          <Text as="span" whiteSpace="nowrap">· {formatDateTime(record.createTime)}</Text>
        </Box>
      </Box>
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
        <Button size="xs" variant="ghost" color="fg.error" onClick={() => props.onRevoke?.(record.id)} aria-label={t('revoke')} title={t('revoke')} data-testid={`record-revoke-${record.id}`}>
          ⨯
        </Button>
      )}
      <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
    </Grid>
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
      <Box display={DISPLAY.md} minW="0">
        <Box display="flex" alignItems="center" gap="1">
          <Text fontSize="xs" color="fg.muted" truncate title={url} data-testid={`record-share-link-${record.id}`}>
            {url}
          </Text>
          <Button size="2xs" variant="outline" onClick={() => onCopyLink?.(record.id)} data-testid={`record-copy-link-${record.id}`}>
            {t('copyLink')}
          </Button>
        </Box>
      </Box>
      <Cell level="xl">{record.copyStatus === '1' ? t('copyAllowed') : t('copyNotAllowed')}</Cell>
      <Cell level="md">{record.shareExpireTime ? formatDateTime(record.shareExpireTime) : t('sharedForever')}</Cell>
      <Cell level="xl">
        <Times record={record} />
      </Cell>
    </>
  );
}

function RecordCard(props: ItemProps) {
  const { record } = props;
  const { t } = useTranslation('records');
  const selected = props.selectedIds.includes(record.id);
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      h="full"
      overflow="hidden"
      bg={selected ? 'brand.subtle' : 'bg'}
      borderColor={selected ? 'brand.solid' : undefined}
      display="flex"
      flexDirection="column"
      gap="2"
      minW="0"
      data-testid={`record-card-${record.id}`}
    >
      <Box display="flex" alignItems="center" justifyContent="space-between">
        <SelectBox {...props} />
        <Box display="flex" alignItems="center">
          <FavouriteButton record={record} onToggle={() => props.onFavourite(record.id)} />
          <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
        </Box>
      </Box>
      <Cover record={record} size="48px" />
      <NameOrEditor {...props} />
      <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
        <StateWithReason record={record} onRetry={props.onRetry && (() => props.onRetry?.(record.id))} retrying={props.retryingId === record.id} />
        <Text fontSize="xs" color="fg.muted">
          {formatDuration(record.duration ?? record.audioDuration)}
        </Text>
      </Box>
      <Text fontSize="xs" color="fg.muted" truncate>
        {languagesOf(record, t('noTargetLanguage'))}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {formatDateTime(record.createTime)} · {record.folderName ?? '—'}
      </Text>
    </Box>
  );
}
