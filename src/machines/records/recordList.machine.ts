// One record list (platform §2 record list, favourites, shares): view mode, date filter, server-side
// sort and paging, selection, batch delete (confirmed) and export, inline rename, favourite, move.
// Rows grow page by page as the user scrolls; any change of the query starts again at page 1.
// While loaded rows are transcribing or translating and the page is visible, those rows are read
// again on a timer so their state and progress move without a reload.
import { map, skip } from 'rxjs';
import { and, assign, emit, enqueueActions, fromEventObservable, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { RECORD_BATCH_MAX, RECORD_LIST_PAGE_SIZE } from '../../shared/contract/limits';
import { isDubRecord, isDubRunning } from '../../shared/contract/record';
import { poll$ } from '../../streams/poll$';
import { editRecordActor } from '../../api/records/edit-record';
import { refreshRecordsActor } from '../../api/records/get-record';
import { refreshRecordActor } from '../../api/records/refresh-record';
import { queryRecordsActor } from '../../api/records/query-records';
import { downloadRecordsActor } from '../../api/shared/export-records';
import { removeRecordsActor } from '../../api/shared/remove-records';
import { describeError, type ErrorText } from '../../api/errors';
import type { Notice } from '../notice';
import type { ExportFormat, RecordEdit, RecordItem, RecordPage, RecordQuery, RecordRefresh, RecordScope, SortColumn } from './recordList.types';

export type ViewMode = 'list' | 'card';

export interface RecordSort {
  column: SortColumn;
  ascending: boolean;
}

/** yyyy-MM-dd days (inclusive), as the date inputs give them; null is open-ended. */
export interface DateRange {
  beginDate: string | null;
  endDate: string | null;
}

export interface RecordListInput {
  scope: RecordScope;
  folderId?: string | null;
  viewMode?: ViewMode;
  pageSize?: number;
}

export interface RecordListContext extends ErrorText {
  scope: RecordScope;
  viewMode: ViewMode;
  sort: RecordSort;
  filter: DateRange;
  folderId: string | null;
  pageSize: number;
  rows: RecordItem[];
  total: number;
  pagesLoaded: number;
  selectedIds: string[];
  pendingDeleteIds: string[];
  pendingEdit: RecordEdit | null;
  editingId: string | null;
  renameErrorKey?: string;
  exportFormat: ExportFormat | null;
  /** The share link waiting for the user's confirmation to revoke it. */
  pendingRevokeId: string | null;
  /** The failed record being queued again (Retry). */
  pendingRetryId: string | null;
  /** Whether the page is on screen (document visible and its route active); polling needs it. */
  visible: boolean;
}

export type RecordListEvent =
  | { type: 'list.viewModeChanged'; mode: ViewMode }
  | { type: 'list.sortChanged'; sort: RecordSort }
  | { type: 'list.filterChanged'; filter: DateRange }
  | { type: 'list.folderChanged'; folderId: string | null }
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | { type: 'selection.toggled'; id: string }
  | { type: 'selection.allToggled' }
  | { type: 'selection.cleared' }
  | { type: 'batch.deleteRequested' }
  | { type: 'record.deleteRequested'; id: string }
  | { type: 'batch.deleteConfirmed' }
  | { type: 'batch.deleteCancelled' }
  | { type: 'batch.exportRequested'; format: ExportFormat }
  | { type: 'record.renameStarted'; id: string }
  | { type: 'record.renameCancelled' }
  | { type: 'record.renamed'; id: string; title: string }
  | { type: 'record.favouriteToggled'; id: string }
  | { type: 'record.moved'; id: string; folderId: string }
  | { type: 'record.replaced'; record: RecordItem }
  | { type: 'record.revokeRequested'; id: string }
  | { type: 'record.revokeConfirmed' }
  | { type: 'record.revokeCancelled' }
  | { type: 'record.retryRequested'; id: string }
  | { type: 'list.visibilityChanged'; visible: boolean }
  | { type: 'progress.tick' };

/** How often rows that are still being processed are read again. */
export const PROGRESS_POLL_MS = 3000;

const RUNNING_STATES: ReadonlyArray<RecordItem['state']> = ['transcribing', 'translating'];
/** Still being processed: a transcription or translation, or a dubbing task's pipeline. */
export const isRunning = (record: RecordItem) => (record.dub ? isDubRunning(record.dub) : RUNNING_STATES.includes(record.state));
const FAILED_STATES: ReadonlyArray<RecordItem['state']> = ['transcription_err', 'translation_err'];
/** A record whose transcription or translation failed: the list offers Retry on it (a dubbing task is not queued again that way). */
export const isFailed = (record: Pick<RecordItem, 'state' | 'recordType'>) => !isDubRecord(record) && FAILED_STATES.includes(record.state);

export const TITLE_EMPTY_KEY = 'records:titleEmpty';
export const DATE_RANGE_INVALID_KEY = 'records:dateRangeInvalid';
/** Ticks while rows are being processed (the record lists and the home page read them again). */
// poll$ ticks at once; the rows were just read, so the first refresh waits one period.
export const progressPollActor = fromEventObservable<{ type: 'progress.tick' }, void>(() =>
  poll$(PROGRESS_POLL_MS).pipe(
    skip(1),
    map(() => ({ type: 'progress.tick' as const })),
  ),
);

export const LOAD_FAILED_KEY = 'records:loadFailed';
export const DOWNLOAD_FAILED_KEY = 'records:downloadFailed';

/** The server's list query for page `pageNum` of the current settings. */
export function buildQuery(context: Pick<RecordListContext, 'scope' | 'sort' | 'filter' | 'folderId' | 'pageSize'>, pageNum: number): RecordQuery {
  return {
    pageNum,
    pageSize: context.pageSize,
    isAsc: context.sort.ascending ? 'ascending' : 'descending',
    orderByColumn: context.sort.column,
    ...(context.scope === 'all' && context.folderId ? { folderId: context.folderId } : {}),
    ...(context.scope === 'favourite' ? { favorite: '1' as const } : {}),
    ...(context.scope === 'shared' ? { shareStatus: '1' as const } : {}),
    ...(context.filter.beginDate ? { beginTime: context.filter.beginDate } : {}),
    ...(context.filter.endDate ? { endTime: context.filter.endDate } : {}),
  };
}

/** Whether an edited record still belongs in this list (unfavourited, moved away, share ended). */
function stillListed(context: RecordListContext, record: RecordItem): boolean {
  if (context.scope === 'favourite') return record.favorite === true;
  if (context.scope === 'shared') return record.shareStatus === '1';
  if (context.folderId) return (record.folderId ?? '1') === context.folderId;
  return true;
}

/** Rows after a refresh: updated records replace theirs (or leave when no longer listed), gone ones leave. */
export function mergeRefresh(context: RecordListContext, refresh: RecordRefresh): Pick<RecordListContext, 'rows' | 'total' | 'selectedIds'> {
  const byId = new Map(refresh.updated.map((record) => [record.id, record]));
  const leaving = new Set(refresh.goneIds);
  for (const record of refresh.updated) if (!stillListed(context, record)) leaving.add(record.id);
  const rows = context.rows.filter((row) => !leaving.has(row.id)).map((row) => byId.get(row.id) ?? row);
  const removed = context.rows.length - rows.length;
  return {
    rows,
    total: Math.max(0, context.total - removed),
    selectedIds: context.selectedIds.filter((id) => !leaving.has(id)),
  };
}

const clearErrors = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;
const freshQuery = { rows: [], total: 0, pagesLoaded: 0, selectedIds: [], editingId: null, renameErrorKey: undefined, ...clearErrors };

export const recordListMachine = setup({
  types: {
    context: {} as RecordListContext,
    events: {} as RecordListEvent,
    input: {} as RecordListInput,
    // Done exports, revocations and failures while the list stays on screen are told once, as a
    // notice the route shows as a toast; the first load's failure is shown in place instead.
    emitted: {} as Notice,
  },
  actors: {
    fetchPage: queryRecordsActor,
    removeRecords: removeRecordsActor,
    exportRecords: downloadRecordsActor,
    editRecord: editRecordActor,
    refreshRecords: refreshRecordsActor,
    retryRecord: refreshRecordActor,
    progressPoll: progressPollActor,
  },
  guards: {
    hasMore: ({ context }) => context.rows.length < context.total,
    hasSelection: ({ context }) => context.selectedIds.length > 0,
    rangeValid: ({ event }) =>
      event.type !== 'list.filterChanged' ||
      !event.filter.beginDate ||
      !event.filter.endDate ||
      event.filter.beginDate <= event.filter.endDate,
    titleEmpty: ({ event }) => event.type === 'record.renamed' && event.title.trim() === '',
    knownRecord: ({ context, event }) => 'id' in event && context.rows.some((row) => row.id === event.id),
    hasRunningRows: ({ context }) => context.rows.some(isRunning),
    pageVisible: ({ context }) => context.visible,
    failedRecord: ({ context, event }) =>
      event.type === 'record.retryRequested' && context.rows.some((row) => row.id === event.id && isFailed(row)),
    sharedRecord: ({ context, event }) =>
      event.type === 'record.revokeRequested' && context.rows.some((row) => row.id === event.id && row.shareStatus === '1'),
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => describeError(error, LOAD_FAILED_KEY)),
    rememberExportFailure: assign((_, error: unknown) => describeError(error, DOWNLOAD_FAILED_KEY)),
    /** Tells the failure just remembered, unless it is a rename's (shown beside the name field). */
    noticeFailure: enqueueActions(({ context, enqueue }) => {
      if (context.editingId !== null || (!context.errorMessage && !context.errorKey)) return;
      enqueue.emit({ type: 'notice', level: 'error', message: context.errorMessage, messageKey: context.errorKey } as Notice);
    }),
    rememberEditFailure: assign(({ context }, error: unknown) => ({
      ...describeError(error, LOAD_FAILED_KEY),
      pendingEdit: null,
      // A refused rename stays open with the server's reason, so the user can correct it.
      editingId: context.pendingEdit?.showName !== undefined ? context.pendingEdit.id : context.editingId,
    })),
  },
}).createMachine({
  id: 'recordList',
  context: ({ input }) => ({
    scope: input.scope,
    viewMode: input.viewMode ?? 'list',
    sort: { column: 'create_time', ascending: false },
    filter: { beginDate: null, endDate: null },
    folderId: input.folderId ?? null,
    pageSize: input.pageSize ?? RECORD_LIST_PAGE_SIZE,
    rows: [],
    total: 0,
    pagesLoaded: 0,
    selectedIds: [],
    pendingDeleteIds: [],
    pendingEdit: null,
    editingId: null,
    exportFormat: null,
    pendingRevokeId: null,
    pendingRetryId: null,
    visible: true,
  }),
  initial: 'loading',
  on: {
    'list.viewModeChanged': { actions: assign({ viewMode: ({ event }) => event.mode }) },
    'list.visibilityChanged': { actions: assign({ visible: ({ event }) => event.visible }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: buildQuery(context, 1) }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            rows: event.output.rows,
            total: event.output.total,
            pagesLoaded: 1,
            // A reload keeps the selection of records that are still there.
            selectedIds: context.selectedIds.filter((id) => event.output.rows.some((row) => row.id === id)),
          })),
        },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: {
        // A record created meanwhile (an upload submitted) must not be missed by the answer on its way.
        'list.reload': { target: 'loading', reenter: true, actions: assign(clearErrors) },
        'list.sortChanged': { target: 'loading', reenter: true, actions: assign(({ event }) => ({ sort: event.sort, ...freshQuery })) },
        'list.folderChanged': { target: 'loading', reenter: true, actions: assign(({ event }) => ({ folderId: event.folderId, ...freshQuery })) },
        'list.filterChanged': [
          { guard: 'rangeValid', target: 'loading', reenter: true, actions: assign(({ event }) => ({ filter: event.filter, ...freshQuery })) },
          { actions: assign({ errorKey: DATE_RANGE_INVALID_KEY }) },
        ],
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: buildQuery(context, context.pagesLoaded + 1) }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            // A record created meanwhile shifts the pages; skip ids already shown.
            const shown = new Set(context.rows.map((row) => row.id));
            return {
              rows: [...context.rows, ...event.output.rows.filter((row) => !shown.has(row.id))],
              total: event.output.total,
              pagesLoaded: context.pagesLoaded + 1,
            };
          }),
        },
        onError: {
          target: 'ready',
          actions: [{ type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
      on: {
        'list.reload': { target: 'loading', actions: assign(clearErrors) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: and(['hasRunningRows', 'pageVisible']), target: 'polling' },
        },
        polling: {
          invoke: { id: 'progressPoll', src: 'progressPoll' },
          always: { guard: not(and(['hasRunningRows', 'pageVisible'])), target: 'idle' },
          initial: 'waiting',
          states: {
            waiting: {
              on: { 'progress.tick': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshRecords',
                src: 'refreshRecords',
                input: ({ context }) => ({ ids: context.rows.filter(isRunning).map((row) => row.id) }),
                onDone: { target: 'waiting', actions: assign(({ context, event }) => mergeRefresh(context, event.output)) },
                // A missed refresh is retried on the next tick; the rows keep what they showed.
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
      on: {
        'list.loadMore': { guard: 'hasMore', target: 'loadingMore' },
        'list.reload': { target: 'loading', actions: assign(clearErrors) },
        'list.sortChanged': { target: 'loading', actions: assign(({ event }) => ({ sort: event.sort, ...freshQuery })) },
        'list.folderChanged': { target: 'loading', actions: assign(({ event }) => ({ folderId: event.folderId, ...freshQuery })) },
        'list.filterChanged': [
          { guard: 'rangeValid', target: 'loading', actions: assign(({ event }) => ({ filter: event.filter, ...freshQuery })) },
          { actions: assign({ errorKey: DATE_RANGE_INVALID_KEY }) },
        ],
        'selection.toggled': {
          guard: 'knownRecord',
          actions: assign({
            selectedIds: ({ context, event }) =>
              context.selectedIds.includes(event.id) ? context.selectedIds.filter((id) => id !== event.id) : [...context.selectedIds, event.id],
          }),
        },
        'selection.allToggled': {
          actions: assign({
            selectedIds: ({ context }) =>
              context.rows.length > 0 && context.selectedIds.length === Math.min(context.rows.length, RECORD_BATCH_MAX)
                ? []
                : context.rows.slice(0, RECORD_BATCH_MAX).map((row) => row.id),
          }),
        },
        'selection.cleared': { actions: assign({ selectedIds: [] }) },
        'batch.deleteRequested': {
          guard: 'hasSelection',
          target: 'confirmingDelete',
          actions: assign({ pendingDeleteIds: ({ context }) => context.selectedIds }),
        },
        'record.deleteRequested': {
          guard: 'knownRecord',
          target: 'confirmingDelete',
          actions: assign({ pendingDeleteIds: ({ event }) => [event.id] }),
        },
        'batch.exportRequested': {
          guard: 'hasSelection',
          target: 'exporting',
          actions: assign({ exportFormat: ({ event }) => event.format, ...clearErrors }),
        },
        'record.renameStarted': {
          guard: 'knownRecord',
          actions: assign({ editingId: ({ event }) => event.id, renameErrorKey: undefined }),
        },
        'record.renameCancelled': { actions: assign({ editingId: null, renameErrorKey: undefined }) },
        'record.renamed': [
          { guard: 'titleEmpty', actions: assign({ editingId: ({ event }) => event.id, renameErrorKey: TITLE_EMPTY_KEY }) },
          {
            guard: 'knownRecord',
            target: 'updating',
            actions: assign({ pendingEdit: ({ event }) => ({ id: event.id, showName: event.title.trim() }), renameErrorKey: undefined }),
          },
        ],
        'record.favouriteToggled': {
          guard: 'knownRecord',
          target: 'updating',
          actions: assign({
            pendingEdit: ({ context, event }) => ({ id: event.id, favorite: !context.rows.find((row) => row.id === event.id)?.favorite }),
          }),
        },
        'record.moved': {
          guard: 'knownRecord',
          target: 'updating',
          actions: assign({ pendingEdit: ({ event }) => ({ id: event.id, folderId: event.folderId }) }),
        },
        'record.revokeRequested': {
          guard: 'sharedRecord',
          target: 'confirmingRevoke',
          actions: assign({ pendingRevokeId: ({ event }) => event.id }),
        },
        'record.retryRequested': {
          guard: 'failedRecord',
          target: 'retrying',
          actions: assign({ pendingRetryId: ({ event }) => event.id, ...clearErrors }),
        },
        'record.replaced': {
          actions: assign(({ context, event }) => {
            const listed = stillListed(context, event.record);
            const present = context.rows.some((row) => row.id === event.record.id);
            if (!present) return {};
            return listed
              ? { rows: context.rows.map((row) => (row.id === event.record.id ? event.record : row)) }
              : {
                  rows: context.rows.filter((row) => row.id !== event.record.id),
                  total: Math.max(0, context.total - 1),
                  selectedIds: context.selectedIds.filter((id) => id !== event.record.id),
                };
          }),
        },
      },
    },
    confirmingRevoke: {
      on: {
        'record.revokeConfirmed': {
          target: 'updating',
          actions: assign(({ context }) => ({ pendingEdit: { id: context.pendingRevokeId ?? '', shareStatus: '0' as const }, ...clearErrors })),
        },
        'record.revokeCancelled': { target: 'ready', actions: assign({ pendingRevokeId: null }) },
      },
    },
    confirmingDelete: {
      on: {
        'batch.deleteConfirmed': { target: 'deleting' },
        'batch.deleteCancelled': { target: 'ready', actions: assign({ pendingDeleteIds: [] }) },
      },
    },
    deleting: {
      invoke: {
        id: 'removeRecords',
        src: 'removeRecords',
        input: ({ context }) => ({ ids: context.pendingDeleteIds }),
        // Deleting shifts every later page, so the list starts again from page 1.
        onDone: {
          target: 'loading',
          actions: assign(({ context }) => ({
            selectedIds: context.selectedIds.filter((id) => !context.pendingDeleteIds.includes(id)),
            pendingDeleteIds: [],
          })),
        },
        onError: {
          target: 'ready',
          actions: [assign({ pendingDeleteIds: [] }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
    },
    exporting: {
      invoke: {
        id: 'exportRecords',
        src: 'exportRecords',
        input: ({ context }) => ({ ids: context.selectedIds, format: context.exportFormat ?? 'docx' }),
        onDone: { target: 'ready', actions: emit({ type: 'notice', level: 'success', messageKey: 'records:exportDone' } as Notice) },
        onError: {
          target: 'ready',
          actions: [{ type: 'rememberExportFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
    },
    updating: {
      invoke: {
        id: 'editRecord',
        src: 'editRecord',
        input: ({ context }) => context.pendingEdit ?? { id: '' },
        onDone: {
          target: 'ready',
          actions: [
            enqueueActions(({ context, enqueue }) => {
              if (context.pendingEdit?.shareStatus === '0') enqueue.emit({ type: 'notice', level: 'success', messageKey: 'records:revoked' } as Notice);
            }),
            assign(({ context, event }) => {
            const record = event.output;
            const renamed = context.pendingEdit?.showName !== undefined;
            const base = {
              pendingEdit: null,
              pendingRevokeId: null,
              editingId: renamed ? null : context.editingId,
              ...clearErrors,
            };
            if (stillListed(context, record)) return { ...base, rows: context.rows.map((row) => (row.id === record.id ? record : row)) };
            return {
              ...base,
              rows: context.rows.filter((row) => row.id !== record.id),
              total: Math.max(0, context.total - 1),
              selectedIds: context.selectedIds.filter((id) => id !== record.id),
            };
            }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ pendingRevokeId: null }),
            { type: 'rememberEditFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
            'noticeFailure',
          ],
        },
      },
    },
    retrying: {
      invoke: {
        id: 'retryRecord',
        src: 'retryRecord',
        input: ({ context }) => ({ id: context.pendingRetryId ?? '' }),
        // The answer shows the record queued again (transcribing or translating), so polling follows it.
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            pendingRetryId: null,
            rows: context.rows.map((row) => (row.id === event.output.id ? event.output : row)),
          })),
        },
        onError: {
          target: 'ready',
          actions: [assign({ pendingRetryId: null }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'noticeFailure'],
        },
      },
    },
    failed: {
      on: {
        'list.reload': { target: 'loading', actions: assign(clearErrors) },
        'list.folderChanged': { target: 'loading', actions: assign(({ event }) => ({ folderId: event.folderId, ...freshQuery })) },
        'list.sortChanged': { target: 'loading', actions: assign(({ event }) => ({ sort: event.sort, ...freshQuery })) },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof recordListMachine>;

export const selectHasMore = (snapshot: Snapshot) => snapshot.context.rows.length < snapshot.context.total;
export const selectAllSelected = (snapshot: Snapshot) =>
  snapshot.context.rows.length > 0 && snapshot.context.selectedIds.length === Math.min(snapshot.context.rows.length, RECORD_BATCH_MAX);
export const selectIsBusy = (snapshot: Snapshot) =>
  snapshot.matches('deleting') || snapshot.matches('exporting') || snapshot.matches('updating') || snapshot.matches('retrying');
/** The record whose Retry is on its way (its button shows busy). */
export const selectRetryingId = (snapshot: Snapshot) => snapshot.context.pendingRetryId;
/** Whether the list is reading its running rows again on a timer. */
export const selectIsPolling = (snapshot: Snapshot) => snapshot.matches({ ready: 'polling' });
/** The list's data (rows, query, selection, rename): changes only when the machine assigns. */
export const selectListContext = (snapshot: Snapshot) => snapshot.context;

export type ListPhase = 'loading' | 'loadingMore' | 'ready' | 'failed' | 'confirmingDelete' | 'deleting' | 'confirmingRevoke' | 'updating' | 'exporting' | 'retrying';
/** Which top-level state the list is in, as one string the page can compare cheaply. */
export const selectListPhase = (snapshot: Snapshot): ListPhase =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as ListPhase;
