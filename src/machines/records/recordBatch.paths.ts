// Path model of the recordBatch machine (convention: src/testing/paths.ts): one path start
// per operation the list hands it. The calls are pure doubles that settle at once: deleting r3 and
// exporting as 'docx' are refused, so both outcomes of each call are walked.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { recordBatchMachine } from './recordBatch.machine';
import type { ExportFormat, RecordBatchInput } from './recordList.types';

const DELETE_FAILURE = { kind: 'business', code: 404, message: 'The record does not exist' };
const EXPORT_FAILURE = { kind: 'transport', messageKey: 'api:networkError' };
const failsDelete = (ids: string[]) => ids.includes('r3');
const failsExport = (format: ExportFormat) => format === 'docx';
const batchOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { batch: RecordBatchInput }).batch;
const deleteFails = (snapshot: AnyMachineSnapshot) => failsDelete(batchOf(snapshot).ids);
const exportFails = (snapshot: AnyMachineSnapshot) => {
  const batch = batchOf(snapshot);
  return batch.operation === 'export' && failsExport(batch.format);
};

export const recordBatchDoubles = {
  removeRecords: fromPromise<void, { ids: string[] }>(async ({ input }) => {
    if (failsDelete(input.ids)) throw DELETE_FAILURE;
  }),
  exportRecords: fromPromise<void, { ids: string[]; format: ExportFormat }>(async ({ input }) => {
    if (failsExport(input.format)) throw EXPORT_FAILURE;
  }),
};

export const pathsModel: PathsModel = {
  name: 'recordBatch',
  machine: recordBatchMachine.provide({ actors: recordBatchDoubles }),
  inputs: [
    { operation: 'delete', ids: ['r1', 'r2'] },
    { operation: 'delete', ids: ['r3'] },
    { operation: 'export', ids: ['r1'], format: 'srt' },
    { operation: 'export', ids: ['r1', 'r2'], format: 'docx' },
  ] satisfies RecordBatchInput[],
  events: {
    'xstate.done.actor.removeRecords': (snapshot) => (deleteFails(snapshot) ? [] : [{ type: 'xstate.done.actor.removeRecords', output: undefined }]),
    'xstate.error.actor.removeRecords': (snapshot) => (deleteFails(snapshot) ? [{ type: 'xstate.error.actor.removeRecords', error: DELETE_FAILURE }] : []),
    'xstate.done.actor.exportRecords': (snapshot) => (exportFails(snapshot) ? [] : [{ type: 'xstate.done.actor.exportRecords', output: undefined }]),
    'xstate.error.actor.exportRecords': (snapshot) => (exportFails(snapshot) ? [{ type: 'xstate.error.actor.exportRecords', error: EXPORT_FAILURE }] : []),
  },
};
