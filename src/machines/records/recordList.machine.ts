// One record list (platform §2 record list, favourites, shares): view mode, date filter, server-side
// sort and paging, selection, batch delete (confirmed) and export, inline rename, favourite, move.
// Rows grow page by page as the user scrolls; any change of the query starts again at page 1.
// While loaded rows are transcribing or translating and the page is visible, those rows are read
// again on a timer so their state and progress move without a reload.
// The list keeps the rows and the selection; an operation on several records (delete, export) runs
// in its `recordBatch` child, and the rules (query, running rows, refresh merge) are in recordList.rules.ts.
import { and, assign, emit, enqueueActions, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { RECORD_BATCH_MAX, RECORD_LIST_PAGE_SIZE } from '../../shared/contract/limits';
import { editRecordActor } from '../../api/records/edit-record';
import { refreshRecordsActor } from '../../api/records/get-record';
import { refreshRecordActor } from '../../api/records/refresh-record';
import { queryRecordsActor } from '../../api/records/query-records';
import { describeError } from '../../api/errors';
import type { Notice } from '../notice';
import { recordBatchMachine, selectBatchPhase, type RecordBatchOutcome, type RecordBatchOutput } from './recordBatch.machine';
import {
  DATE_RANGE_INVALID_KEY,
  LOAD_FAILED_KEY,
  TITLE_EMPTY_KEY,
  allSelected,
  buildQuery,
  isFailed,
  isRunning,
  mergeRefresh,
  progressPollActor,
  toggledSelection,
  withRecord,
} from './recordList.rules';
import type { RecordListContext, RecordListEvent, RecordListInput } from './recordList.types';

export type { DateRange, RecordListContext, RecordListEvent, RecordListInput, RecordSort, ViewMode } from './recordList.types';

const clearErrors = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;
const freshQuery = { rows: [], total: 0, pagesLoaded: 0, selectedIds: [], editingId: null, renameErrorKey: undefined, ...clearErrors };
const outcomeIs = (outcome: RecordBatchOutcome) => ({ event }: { event: { output: RecordBatchOutput } }) => event.output.outcome === outcome;

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
    recordBatch: recordBatchMachine,
    editRecord: editRecordActor,
    refreshRecords: refreshRecordsActor,
    retryRecord: refreshRecordActor,
    progressPoll: progressPollActor,
  },
  guards: {
    hasMore: ({ context }) => context.rows.length < context.total,
    hasSelection: ({ context }) => context.selectedIds.length > 0,
    rangeValid: ({ event }) =>
      event.type !== 'list.filterChanged' || !event.filter.beginDate || !event.filter.endDate || event.filter.beginDate <= event.filter.endDate,
    titleEmpty: ({ event }) => event.type === 'record.renamed' && event.title.trim() === '',
    knownRecord: ({ context, event }) => 'id' in event && context.rows.some((row) => row.id === event.id),
    replacesKnownRecord: ({ context, event }) => event.type === 'record.replaced' && context.rows.some((row) => row.id === event.record.id),
    hasRunningRows: ({ context }) => context.rows.some(isRunning),
    pageVisible: ({ context }) => context.visible,
    failedRecord: ({ context, event }) =>
      event.type === 'record.retryRequested' && context.rows.some((row) => row.id === event.id && isFailed(row)),
    sharedRecord: ({ context, event }) =>
      event.type === 'record.revokeRequested' && context.rows.some((row) => row.id === event.id && row.shareStatus === '1'),
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => describeError(error, LOAD_FAILED_KEY)),
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
    batch: null,
    pendingEdit: null,
    editingId: null,
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
        'selection.toggled': { guard: 'knownRecord', actions: assign({ selectedIds: ({ context, event }) => toggledSelection(context, event.id) }) },
        'selection.allToggled': { actions: assign({ selectedIds: ({ context }) => (allSelected(context) ? [] : context.rows.slice(0, RECORD_BATCH_MAX).map((row) => row.id)) }) },
        'selection.cleared': { actions: assign({ selectedIds: [] }) },
        'batch.deleteRequested': {
          guard: 'hasSelection',
          target: 'batch',
          actions: assign({ batch: ({ context }) => ({ operation: 'delete' as const, ids: context.selectedIds }) }),
        },
        'record.deleteRequested': {
          guard: 'knownRecord',
          target: 'batch',
          actions: assign({ batch: ({ event }) => ({ operation: 'delete' as const, ids: [event.id] }) }),
        },
        'batch.exportRequested': {
          guard: 'hasSelection',
          target: 'batch',
          actions: assign({ batch: ({ context, event }) => ({ operation: 'export' as const, ids: context.selectedIds, format: event.format }), ...clearErrors }),
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
          guard: 'replacesKnownRecord',
          actions: assign(({ context, event }) => withRecord(context, event.record)),
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
    // The delete's question, the delete and the export run in the child; the list waits for its outcome.
    batch: {
      invoke: {
        id: 'recordBatch',
        src: 'recordBatch',
        input: ({ context }) => context.batch ?? { operation: 'delete', ids: [] },
        onDone: [
          // Deleting shifts every later page, so the list starts again from page 1.
          {
            guard: outcomeIs('deleted'),
            target: 'loading',
            actions: assign(({ context, event }) => ({
              selectedIds: context.selectedIds.filter((id) => !event.output.ids.includes(id)),
              batch: null,
            })),
          },
          {
            guard: outcomeIs('exported'),
            target: 'ready',
            actions: [assign({ batch: null }), emit({ type: 'notice', level: 'success', messageKey: 'records:exportDone' } as Notice)],
          },
          {
            guard: outcomeIs('failed'),
            target: 'ready',
            actions: [assign(({ event }) => ({ batch: null, ...event.output.error })), 'noticeFailure'],
          },
          { target: 'ready', actions: assign({ batch: null }) },
        ],
      },
      on: {
        'batch.deleteConfirmed': { actions: sendTo('recordBatch', { type: 'batch.deleteConfirmed' as const }) },
        'batch.deleteCancelled': { actions: sendTo('recordBatch', { type: 'batch.deleteCancelled' as const }) },
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
            assign(({ context, event }) => ({
              pendingEdit: null,
              pendingRevokeId: null,
              // A rename that went through closes its field; other edits leave an open rename as it was.
              editingId: context.pendingEdit?.showName !== undefined ? null : context.editingId,
              ...clearErrors,
              ...withRecord(context, event.output),
            })),
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

/** The batch operation under way, while the list waits for it (xstate types `children` as a union). */
export const selectBatchActor = (snapshot: Snapshot) => snapshot.children.recordBatch as ActorRefFrom<typeof recordBatchMachine> | undefined;
const batchPhaseOf = (snapshot: Snapshot) => {
  const batch = selectBatchActor(snapshot);
  return snapshot.matches('batch') && batch ? selectBatchPhase(batch.getSnapshot()) : null;
};

export const selectHasMore = (snapshot: Snapshot) => snapshot.context.rows.length < snapshot.context.total;
export const selectAllSelected = (snapshot: Snapshot) => allSelected(snapshot.context);
export const selectIsBusy = (snapshot: Snapshot) =>
  ['deleting', 'exporting'].includes(batchPhaseOf(snapshot) ?? '') || snapshot.matches('updating') || snapshot.matches('retrying');
/** How many records the delete being asked about (or under way) removes. */
export const selectPendingDeleteCount = (snapshot: Snapshot) => (snapshot.context.batch?.operation === 'delete' ? snapshot.context.batch.ids.length : 0);
/** The record whose Retry is on its way (its button shows busy). */
export const selectRetryingId = (snapshot: Snapshot) => snapshot.context.pendingRetryId;
/** Whether the list is reading its running rows again on a timer. */
export const selectIsPolling = (snapshot: Snapshot) => snapshot.matches({ ready: 'polling' });
/** The list's data (rows, query, selection, rename): changes only when the machine assigns. */
export const selectListContext = (snapshot: Snapshot) => snapshot.context;

export type ListPhase = 'loading' | 'loadingMore' | 'ready' | 'failed' | 'confirmingDelete' | 'deleting' | 'confirmingRevoke' | 'updating' | 'exporting' | 'retrying';
/** Which step the list is in, as one string the page can compare cheaply (a batch operation's from the child). */
export const selectListPhase = (snapshot: Snapshot): ListPhase => {
  if (snapshot.matches('batch')) return batchPhaseOf(snapshot) ?? 'ready';
  return (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as ListPhase;
};
