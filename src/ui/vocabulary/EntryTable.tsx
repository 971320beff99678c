// The entries of one library (features §2): a virtualised table (@tanstack/react-virtual) so a full
// library of 300 rows scrolls smoothly, with a checkbox per row for bulk delete, inline editing of
// a row (Enter saves, Escape cancels) and a new entry's row above the list.
import { Box, Button, Grid, HStack, Input, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorLine } from './ErrorLine';
import { isPaired, type EntryRow, type KindName, type ShownError } from './vocabulary-view-types';

const ROW_HEIGHT = 48;
const OVERSCAN = 8;

export interface EntryDraftView {
  /** null: a new entry. */
  id: string | null;
  source: string;
  target: string;
}

export interface EntryTableProps {
  kind: KindName;
  rows: EntryRow[];
  selected: string[];
  draft: EntryDraftView | null;
  /** A refusal of the row being edited (or of the last change). */
  error: ShownError | null;
  saving: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  emptyText: string;
  onLoadMore(): void;
  onToggle(id: string): void;
  onToggleAll(): void;
  onEdit(entry: EntryRow): void;
  onDraft(change: { source?: string; target?: string }): void;
  onSubmit(): void;
  onCancel(): void;
  onDelete(id: string): void;
}

function DraftInputs(props: EntryTableProps & { draft: EntryDraftView }) {
  const { t } = useTranslation('vocabulary');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onSubmit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onCancel();
    }
  };
  return (
    <>
      <Input
        size="sm"
        autoFocus
        value={props.draft.source}
        aria-label={t(`source.${props.kind}`)}
        aria-invalid={props.error ? true : undefined}
        data-testid="entry-source-input"
        onChange={(event) => props.onDraft({ source: event.target.value })}
        onKeyDown={onKeyDown}
      />
      {isPaired(props.kind) && (
        <Input
          size="sm"
          value={props.draft.target}
          aria-label={t(`target.${props.kind}`)}
          aria-invalid={props.error ? true : undefined}
          data-testid="entry-target-input"
          onChange={(event) => props.onDraft({ target: event.target.value })}
          onKeyDown={onKeyDown}
        />
      )}
      <HStack gap="1">
        <Button size="xs" colorPalette="brand" loading={props.saving} onClick={props.onSubmit} data-testid="entry-save">
          {t('save')}
        </Button>
        <Button size="xs" variant="ghost" onClick={props.onCancel} data-testid="entry-cancel">
          {t('cancel')}
        </Button>
      </HStack>
    </>
  );
}

export function EntryTable(props: EntryTableProps) {
  const { t } = useTranslation('vocabulary');
  const paired = isPaired(props.kind);
  const template = paired ? '2.5rem minmax(0, 1fr) minmax(0, 1fr) 11rem' : '2.5rem minmax(0, 1fr) 11rem';
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // jsdom and the first paint have no layout; show a first screen rather than nothing.
    initialRect: { width: 1024, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasMore, loadingMore, onLoadMore } = props;
  // Entries come 100 at a time: ask for more when the last loaded row is about to show.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= props.rows.length - 1 - OVERSCAN) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, props.rows.length, onLoadMore]);

  const allSelected = props.rows.length > 0 && props.selected.length === props.rows.length;
  const newDraft = props.draft && props.draft.id === null ? props.draft : null;
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg" role="table" aria-rowcount={props.rows.length + 1} data-testid="entry-table">
      <Grid role="row" templateColumns={template} gap="2" px="3" py="2" borderBottomWidth="1px" fontSize="xs" fontWeight="semibold" color="fg.muted" alignItems="center">
        <Box role="columnheader">
          <input type="checkbox" checked={allSelected} aria-label={t('selectAll')} onChange={props.onToggleAll} data-testid="entry-select-all" />
        </Box>
        <Box role="columnheader">{t(`source.${props.kind}`)}</Box>
        {paired && <Box role="columnheader">{t(`target.${props.kind}`)}</Box>}
        <Box role="columnheader">{t('col.actions')}</Box>
      </Grid>
      {newDraft && (
        <Grid role="row" templateColumns={template} gap="2" px="3" py="2" borderBottomWidth="1px" alignItems="center" data-testid="entry-new-row">
          <Box role="cell" />
          <DraftInputs {...props} draft={newDraft} />
        </Grid>
      )}
      {props.error && (
        <Box px="3" pt="2">
          <ErrorLine error={props.error} testId="entry-error" />
        </Box>
      )}
      {props.rows.length === 0 && !newDraft && (
        <Text px="3" py="4" color="fg.muted" data-testid="entry-empty">
          {props.emptyText}
        </Text>
      )}
      <Box ref={scrollRef} maxH="60vh" overflowY="auto" data-testid="entry-scroller">
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const row = props.rows[item.index]!;
            const editing = props.draft?.id === row.id ? props.draft : null;
            return (
              <Grid
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                templateColumns={template}
                gap="2"
                px="3"
                alignItems="center"
                borderBottomWidth="1px"
                data-testid="entry-row"
                data-entry-id={row.id}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <Box role="cell">
                  <input
                    type="checkbox"
                    checked={props.selected.includes(row.id)}
                    aria-label={t('selectEntry', { source: row.source })}
                    onChange={() => props.onToggle(row.id)}
                    data-testid="entry-select"
                  />
                </Box>
                {editing ? (
                  <DraftInputs {...props} draft={editing} />
                ) : (
                  <>
                    <Text role="cell" truncate title={row.source} data-testid="entry-source">
                      {row.source}
                    </Text>
                    {paired && (
                      <Text role="cell" truncate title={row.target ?? ''} data-testid="entry-target">
                        {row.target}
                      </Text>
                    )}
                    <HStack role="cell" gap="1">
                      <Button size="xs" variant="ghost" aria-label={t('editEntry', { source: row.source })} onClick={() => props.onEdit(row)} data-testid="entry-edit">
                        {t('edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('deleteEntry', { source: row.source })}
                        onClick={() => props.onDelete(row.id)}
                        data-testid="entry-delete"
                      >
                        {t('delete')}
                      </Button>
                    </HStack>
                  </>
                )}
              </Grid>
            );
          })}
        </div>
        {props.loadingMore && (
          <Text px="3" py="2" fontSize="sm" color="fg.muted">
            {t('loadingMore')}
          </Text>
        )}
      </Box>
    </Box>
  );
}
