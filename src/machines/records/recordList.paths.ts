// Path model of the record-list machine (convention: src/testing/paths.ts). The doubles
// are pure: three fixed records served two per page, edits applied to the fixed record, and a
// recordBatch child (its own model walks its steps) that answers at once by what it was given: the
// selection's delete (r1) as if the user said no, a delete that changes nothing (r2), one that
// fails (r3), and an export that fails for the 'docx' sample, so every outcome is walked and every
// path starts from the same data. r1 is shared (its link can be revoked) and r2 is still
// transcribing. A refresh reads r2 further on (60%), except in folder '1', where
// the doubles' server refuses the refresh and every page after the first (so the failures of
// loadingMore and of refreshing are walked too). The context serialisation keeps whether a pending
// call will fail (the batch operation's outcome, the edit), since the doubles' answers depend on it.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { describeError } from '../../api/errors';
import { recordListMachine, type RecordListContext } from './recordList.machine';
import { DOWNLOAD_FAILED_KEY, LOAD_FAILED_KEY, buildQuery, isFailed, isRunning } from './recordList.rules';
import type { RecordBatchOutput } from './recordBatch.machine';
import { applyEdit, fakeRecord, pageOf } from './recordList.doubles';
import type { PathsModel } from '../../testing/paths';
import type { ExportFormat, RecordBatchInput, RecordEdit, RecordItem, RecordPage, RecordQuery, RecordRefresh } from './recordList.types';

const RECORDS = [
  // r1's translation failed too, so Retry is offered on it.
  fakeRecord(1, { shareStatus: '1', shareCode: 'abcdefghijklmnop', state: 'translation_err', errorMessage: 'no translation engine' }),
  fakeRecord(2, { state: 'transcribing', progress: 40 }),
  fakeRecord(3),
];

const EXPORT_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
const failsExport = (format: ExportFormat | null) => format === 'docx';
// Folder '9' cannot be listed, record r3 cannot be deleted and the title 'Refused' is refused,
// so the failure branch of each call is walked too.
const LIST_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
const DELETE_FAILURE = { kind: 'business', code: 404, message: 'The record does not exist' };
const EDIT_FAILURE = { kind: 'business', code: 400, message: 'Refused' };
const failsList = (query: RecordQuery) => query.folderId === '9' || (query.folderId === '1' && (query.pageNum ?? 1) > 1);
const REFRESH_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
const failsRefresh = (context: RecordListContext) => context.folderId === '1';
const refreshOf = (ids: string[]): RecordRefresh => ({
  updated: RECORDS.filter((r) => ids.includes(r.id)).map((r) => ({ ...r, progress: 60 })),
  goneIds: [],
});
/** What the share dialog hands back for r1 (renamed meanwhile; still shared, so the counts stay). */
const R1_REPLACED: RecordItem = { ...RECORDS[0]!, showName: 'Renamed elsewhere' };
const failsDelete = (ids: string[]) => ids.includes('r3');
/** What the recordBatch double answers for an operation (see the top of this file). */
function batchOutcome(batch: RecordBatchInput): RecordBatchOutput {
  const { ids } = batch;
  if (batch.operation === 'export') {
    return failsExport(batch.format) ? { outcome: 'failed', ids, error: describeError(EXPORT_FAILURE, DOWNLOAD_FAILED_KEY) } : { outcome: 'exported', ids };
  }
  if (failsDelete(ids)) return { outcome: 'failed', ids, error: describeError(DELETE_FAILURE, LOAD_FAILED_KEY) };
  return { outcome: ids.includes('r1') ? 'cancelled' : 'deleted', ids };
}
// A retry fails where the refresh does (folder '1'), so both outcomes of retrying are walked.
const RETRY_FAILURE = { kind: 'business', code: 404, message: 'The record does not exist' };
const failsRetry = (context: RecordListContext) => context.folderId === '1';
const retryOf = (id: string): RecordItem => ({ ...RECORDS.find((r) => r.id === id)!, state: 'translating', errorMessage: null });
const failsEdit = (edit: RecordEdit | null) => edit?.showName === 'Refused';
const editOf = (edit: RecordEdit) => applyEdit(RECORDS.find((r) => r.id === edit.id) ?? RECORDS[0]!, edit);
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as RecordListContext;
const queryOf = (snapshot: AnyMachineSnapshot) =>
  buildQuery(ctx(snapshot), snapshot.matches('loadingMore') ? ctx(snapshot).pagesLoaded + 1 : 1);

export const pathsModel: PathsModel = {
  name: 'recordList',
  machine: recordListMachine.provide({
    actors: {
      fetchPage: fromPromise<RecordPage, { query: RecordQuery }>(async ({ input }) => {
        if (failsList(input.query)) throw LIST_FAILURE;
        return pageOf(RECORDS, input.query);
      }),
      // A promise stands in for the child machine: the list only reads its output.
      recordBatch: fromPromise<RecordBatchOutput, RecordBatchInput>(async ({ input }) => batchOutcome(input)) as never,
      editRecord: fromPromise<RecordItem, RecordEdit>(async ({ input }) => {
        if (failsEdit(input)) throw EDIT_FAILURE;
        return editOf(input);
      }),
      retryRecord: fromPromise<RecordItem, { id: string }>(async ({ input, self }) => {
        const list = self._parent?.getSnapshot() as { context?: RecordListContext } | undefined;
        if (list?.context && failsRetry(list.context)) throw RETRY_FAILURE;
        return retryOf(input.id);
      }),
      // No filter in its input: the list (already refreshing when this starts) tells it.
      refreshRecords: fromPromise<RecordRefresh, { ids: string[] }>(async ({ input, self }) => {
        const list = self._parent?.getSnapshot() as { context?: RecordListContext } | undefined;
        if (list?.context && failsRefresh(list.context)) throw REFRESH_FAILURE;
        return refreshOf(input.ids);
      }),
    },
  }),
  input: { scope: 'all', pageSize: 2 },
  events: {
    'list.viewModeChanged': [{ type: 'list.viewModeChanged', mode: 'card' }],
    'list.sortChanged': [{ type: 'list.sortChanged', sort: { column: 'show_name', ascending: true } }],
    'list.filterChanged': [
      { type: 'list.filterChanged', filter: { beginDate: '2025-01-01', endDate: '2025-01-31' } },
      { type: 'list.filterChanged', filter: { beginDate: '2025-02-01', endDate: '2025-01-01' } },
    ],
    'list.folderChanged': [
      { type: 'list.folderChanged', folderId: '1' },
      { type: 'list.folderChanged', folderId: '9' },
    ],
    'selection.toggled': [{ type: 'selection.toggled', id: 'r1' }],
    'record.deleteRequested': [
      { type: 'record.deleteRequested', id: 'r2' },
      { type: 'record.deleteRequested', id: 'r3' },
    ],
    'batch.exportRequested': [
      { type: 'batch.exportRequested', format: 'srt' },
      { type: 'batch.exportRequested', format: 'docx' },
    ],
    'record.renameStarted': [{ type: 'record.renameStarted', id: 'r1' }],
    'record.renamed': [
      { type: 'record.renamed', id: 'r1', title: ' ' },
      { type: 'record.renamed', id: 'r1', title: 'Renamed' },
      { type: 'record.renamed', id: 'r1', title: 'Refused' },
    ],
    'record.favouriteToggled': [{ type: 'record.favouriteToggled', id: 'r2' }],
    'record.moved': [{ type: 'record.moved', id: 'r1', folderId: '7' }],
    'record.revokeRequested': [{ type: 'record.revokeRequested', id: 'r1' }],
    'record.retryRequested': [{ type: 'record.retryRequested', id: 'r1' }],
    'list.visibilityChanged': [
      { type: 'list.visibilityChanged', visible: false },
      { type: 'list.visibilityChanged', visible: true },
    ],
    // Sent by the route after the share dialog.
    'record.replaced': [{ type: 'record.replaced', record: R1_REPLACED }],
    'xstate.done.actor.refreshRecords': (snapshot) =>
      failsRefresh(ctx(snapshot))
        ? []
        : [{ type: 'xstate.done.actor.refreshRecords', output: refreshOf(ctx(snapshot).rows.filter(isRunning).map((r) => r.id)) }],
    'xstate.error.actor.refreshRecords': (snapshot) =>
      failsRefresh(ctx(snapshot)) ? [{ type: 'xstate.error.actor.refreshRecords', error: REFRESH_FAILURE }] : [],
    'xstate.done.actor.retryRecord': (snapshot) =>
      failsRetry(ctx(snapshot)) ? [] : [{ type: 'xstate.done.actor.retryRecord', output: retryOf(ctx(snapshot).pendingRetryId ?? 'r1') }],
    'xstate.error.actor.retryRecord': (snapshot) => (failsRetry(ctx(snapshot)) ? [{ type: 'xstate.error.actor.retryRecord', error: RETRY_FAILURE }] : []),
    'xstate.done.actor.fetchPage': (snapshot) => {
      const query = queryOf(snapshot);
      return failsList(query) ? [] : [{ type: 'xstate.done.actor.fetchPage', output: pageOf(RECORDS, query) }];
    },
    'xstate.error.actor.fetchPage': (snapshot) => (failsList(queryOf(snapshot)) ? [{ type: 'xstate.error.actor.fetchPage', error: LIST_FAILURE }] : []),
    'xstate.done.actor.recordBatch': (snapshot) => {
      const batch = ctx(snapshot).batch;
      return batch ? [{ type: 'xstate.done.actor.recordBatch', output: batchOutcome(batch) }] : [];
    },
    'xstate.done.actor.editRecord': (snapshot) => {
      const edit = ctx(snapshot).pendingEdit;
      return edit && !failsEdit(edit) ? [{ type: 'xstate.done.actor.editRecord', output: editOf(edit) }] : [];
    },
    'xstate.error.actor.editRecord': (snapshot) =>
      failsEdit(ctx(snapshot).pendingEdit) ? [{ type: 'xstate.error.actor.editRecord', error: EDIT_FAILURE }] : [],
  },
  produced: ['progress.tick'],
  // What decides the flow is the state and the counts, not the records themselves.
  serializeContext: (context: RecordListContext) => ({
    folder: context.folderId,
    loaded: context.rows.length,
    total: context.total,
    selected: context.selectedIds.length > 0,
    editing: context.editingId,
    renameError: context.renameErrorKey,
    error: context.errorKey,
    favourite: context.rows.filter((r) => r.favorite).length,
    running: context.rows.filter(isRunning).length,
    // Retried rows show in `running` (r1 goes from failed to translating); whether r1 still fails is its complement.
    retryable: context.rows.some(isFailed),
    shared: context.rows.filter((r) => r.shareStatus === '1').length,
    visible: context.visible,
    batch: context.batch ? batchOutcome(context.batch).outcome : null,
    editFails: context.pendingEdit ? failsEdit(context.pendingEdit) : null,
  }),
  maxSimplePaths: 40,
  // Retry adds a failed row that can start running, which multiplies the reachable contexts.
  traversalLimit: 80_000,
};
