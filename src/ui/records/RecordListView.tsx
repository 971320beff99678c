import { Box, Button, Grid, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordActions, type RecordAction } from './RecordActions';
import { Cover, FavouriteButton, RenameField, StateBadge, type RecordView } from './RecordCells';
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
  onLoadMore(): void;
  onToggleSelect(id: string): void;
  onAction(id: string, action: RecordAction): void;
  onRenameSubmit(id: string, title: string): void;
  onRenameCancel(): void;
  onFavourite(id: string): void;
  onRevoke?(id: string): void;
  onCopyLink?(id: string): void;
}

const ROW_HEIGHT = 56;
const CARD_HEIGHT = 236;
const CARD_MIN_WIDTH = 240;
const OVERSCAN = 4;

// Column templates: the narrow one keeps checkbox, cover, name and actions.
const LIST_COLUMNS = {
  records: '32px 44px minmax(160px,1fr) 120px 140px 80px 72px 130px 130px 120px 36px 36px',
  shares: '32px 44px minmax(160px,1fr) 120px 220px 90px 130px 130px 36px 36px',
};
const NARROW_COLUMNS = '32px 44px minmax(0,1fr) 36px 36px';
const wide = { base: 'none', lg: 'block' } as const;

function Cell({ children, hideNarrow = true }: { children: ReactNode; hideNarrow?: boolean }) {
  return (
    <Box display={hideNarrow ? wide : 'block'} minW="0" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" fontSize="sm" color="fg.muted">
      {children}
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

  const template = { base: NARROW_COLUMNS, lg: LIST_COLUMNS[props.variant] };
  return (
    <Box display="flex" flexDirection="column" flex="1" minH="0" borderWidth="1px" borderRadius="lg" bg="bg" data-testid="record-list" data-view={viewMode}>
      {viewMode === 'list' && (
        <Grid templateColumns={template} gap="2" px="3" py="2" borderBottomWidth="1px" fontSize="xs" fontWeight="semibold" color="fg.muted" alignItems="center" role="presentation">
          <span />
          <span />
          <span>{t('col.name')}</span>
          <Cell>{t('col.state')}</Cell>
          {props.variant === 'records' ? (
            <>
              <Cell>{t('col.languages')}</Cell>
              <Cell>{t('col.speakers')}</Cell>
              <Cell>{t('col.duration')}</Cell>
              <Cell>{t('col.created')}</Cell>
              <Cell>{t('col.modified')}</Cell>
              <Cell>{t('col.folder')}</Cell>
            </>
          ) : (
            <>
              <Cell>{t('col.link')}</Cell>
              <Cell>{t('col.copy')}</Cell>
              <Cell>{t('col.expiry')}</Cell>
              <Cell>{t('col.created')}</Cell>
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
                  <Grid templateColumns={`repeat(${perLine}, minmax(0, 1fr))`} gap="3" p="2" h="full">
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

function NameOrEditor({ record, editingId, renameErrorText, onRenameSubmit, onRenameCancel }: ItemProps) {
  if (editingId === record.id) {
    return <RenameField record={record} errorText={renameErrorText} onSubmit={(title) => onRenameSubmit(record.id, title)} onCancel={onRenameCancel} />;
  }
  // Titles are text nodes, never HTML.
  return (
    <Text fontWeight="medium" truncate title={record.showName} data-testid={`record-name-${record.id}`}>
      {record.showName}
    </Text>
  );
}

function ListRow(props: ItemProps & { template: Record<string, string> }) {
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
        <Text display={{ base: 'block', lg: 'none' }} fontSize="xs" color="fg.muted" truncate>
          {t(`state.${record.state}`)} · {formatDuration(record.duration ?? record.audioDuration)} · {formatDateTime(record.createTime)}
        </Text>
      </Box>
      <Cell>
        <StateBadge state={record.state} />
      </Cell>
      {variant === 'records' ? (
        <>
          <Cell>{languagesOf(record, t('noTargetLanguage'))}</Cell>
          <Cell>{speakers === null ? t('speakersOff') : t('speakersCount', { count: speakers })}</Cell>
          <Cell>{formatDuration(record.duration ?? record.audioDuration)}</Cell>
          <Cell>{formatDateTime(record.createTime)}</Cell>
          <Cell>{formatDateTime(record.updateTime)}</Cell>
          <Cell>
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
      <Box display={wide} minW="0">
        <Box display="flex" alignItems="center" gap="1">
          <Text fontSize="xs" color="fg.muted" truncate title={url} data-testid={`record-share-link-${record.id}`}>
            {url}
          </Text>
          <Button size="2xs" variant="outline" onClick={() => onCopyLink?.(record.id)} data-testid={`record-copy-link-${record.id}`}>
            {t('copyLink')}
          </Button>
        </Box>
      </Box>
      <Cell>{record.copyStatus === '1' ? t('copyAllowed') : t('copyNotAllowed')}</Cell>
      <Cell>{record.shareExpireTime ? formatDateTime(record.shareExpireTime) : t('sharedForever')}</Cell>
      <Cell>{formatDateTime(record.createTime)}</Cell>
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
      <Cover record={record} size="64px" />
      <NameOrEditor {...props} />
      <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
        <StateBadge state={record.state} />
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
