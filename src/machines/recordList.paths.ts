// Path model of the record-list machine (convention: src/machines/testing/paths.ts). The doubles
// are pure: three fixed records served two per page, edits applied to the fixed record, deletes
// that change nothing, and an export that fails for the 'docx' sample, so every outcome is walked
// and every path starts from the same data.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { buildQuery, recordListMachine, type RecordListContext } from './recordList.machine';
import { applyEdit, fakeRecord, pageOf } from './recordList.testing';
import type { PathsModel } from './testing/paths';
import type { ExportFormat, RecordEdit, RecordItem, RecordPage, RecordQuery } from './recordList.types';

const RECORDS = [fakeRecord(1), fakeRecord(2), fakeRecord(3)];
const EXPORT_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
const failsExport = (format: ExportFormat | null) => format === 'docx';
const editOf = (edit: RecordEdit) => applyEdit(RECORDS.find((r) => r.id === edit.id) ?? RECORDS[0]!, edit);
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as RecordListContext;

export const pathsModel: PathsModel = {
  name: 'recordList',
  machine: recordListMachine.provide({
    actors: {
      fetchPage: fromPromise<RecordPage, { query: RecordQuery }>(async ({ input }) => pageOf(RECORDS, input.query)),
      removeRecords: fromPromise<void, { ids: string[] }>(async () => undefined),
      exportRecords: fromPromise<void, { ids: string[]; format: ExportFormat }>(async ({ input }) => {
        if (failsExport(input.format)) throw EXPORT_FAILURE;
      }),
      editRecord: fromPromise<RecordItem, RecordEdit>(async ({ input }) => editOf(input)),
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
    'list.folderChanged': [{ type: 'list.folderChanged', folderId: '1' }],
    'selection.toggled': [{ type: 'selection.toggled', id: 'r1' }],
    'record.deleteRequested': [{ type: 'record.deleteRequested', id: 'r2' }],
    'batch.exportRequested': [
      { type: 'batch.exportRequested', format: 'srt' },
      { type: 'batch.exportRequested', format: 'docx' },
    ],
    'record.renameStarted': [{ type: 'record.renameStarted', id: 'r1' }],
    'record.renamed': [
      { type: 'record.renamed', id: 'r1', title: ' ' },
      { type: 'record.renamed', id: 'r1', title: 'Renamed' },
    ],
    'record.favouriteToggled': [{ type: 'record.favouriteToggled', id: 'r2' }],
    'record.moved': [{ type: 'record.moved', id: 'r1', folderId: '7' }],
    // Sent by the route after the share dialog; the list itself never depends on it for a state.
    'record.replaced': [],
    'xstate.done.actor.fetchPage': (snapshot) => {
      const context = ctx(snapshot);
      const pageNum = snapshot.matches('loadingMore') ? context.pagesLoaded + 1 : 1;
      return [{ type: 'xstate.done.actor.fetchPage', output: pageOf(RECORDS, buildQuery(context, pageNum)) }];
    },
    'xstate.done.actor.removeRecords': [{ type: 'xstate.done.actor.removeRecords', output: undefined }],
    'xstate.done.actor.exportRecords': (snapshot) =>
      failsExport(ctx(snapshot).exportFormat) ? [] : [{ type: 'xstate.done.actor.exportRecords', output: undefined }],
    'xstate.error.actor.exportRecords': (snapshot) =>
      failsExport(ctx(snapshot).exportFormat) ? [{ type: 'xstate.error.actor.exportRecords', error: EXPORT_FAILURE }] : [],
    'xstate.done.actor.editRecord': (snapshot) => {
      const edit = ctx(snapshot).pendingEdit;
      return edit ? [{ type: 'xstate.done.actor.editRecord', output: editOf(edit) }] : [];
    },
  },
  // What decides the flow is the state and the counts, not the records themselves.
  serializeContext: (context: RecordListContext) => ({
    scoped: context.folderId !== null,
    loaded: context.rows.length,
    total: context.total,
    selected: context.selectedIds.length > 0,
    editing: context.editingId,
    renameError: context.renameErrorKey,
    error: context.errorKey,
    favourite: context.rows.filter((r) => r.favorite).length,
  }),
  maxSimplePaths: 40,
};
