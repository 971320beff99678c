// One operation on several records at once, as the record list runs it (its `recordBatch` child,
// invoked while the operation lasts): a delete the user confirms first (of the selection, or of one
// record from its menu), or an export of the selection as one file. It ends with what became of it:
//   delete: confirmingDelete → deleting → deleted | failed, or cancelled from the question
//   export: exporting → exported | failed
// The list keeps the selection (its rows change it too) and decides what follows: a delete reloads
// page 1, an export or a failure is told as a notice.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { downloadRecordsActor } from '../../api/shared/export-records';
import { removeRecordsActor } from '../../api/shared/remove-records';
import { describeError, type ErrorText } from '../../api/errors';
import { DOWNLOAD_FAILED_KEY, LOAD_FAILED_KEY } from './recordList.rules';
import type { RecordBatchInput } from './recordList.types';

export type { RecordBatchInput };

export type RecordBatchOutcome = 'deleted' | 'cancelled' | 'exported' | 'failed';

export interface RecordBatchOutput {
  outcome: RecordBatchOutcome;
  /** The records the operation was about (those deleted, when it was a delete that went through). */
  ids: string[];
  /** Why it failed (the server's message or a key), when it did. */
  error?: ErrorText;
}

export type RecordBatchEvent = { type: 'batch.deleteConfirmed' } | { type: 'batch.deleteCancelled' };

interface RecordBatchContext {
  batch: RecordBatchInput;
  outcome: RecordBatchOutcome | null;
  error?: ErrorText;
}

export const recordBatchMachine = setup({
  types: {
    context: {} as RecordBatchContext,
    events: {} as RecordBatchEvent,
    input: {} as RecordBatchInput,
    output: {} as RecordBatchOutput,
  },
  actors: {
    removeRecords: removeRecordsActor,
    exportRecords: downloadRecordsActor,
  },
  guards: {
    isExport: ({ context }) => context.batch.operation === 'export',
  },
  actions: {
    // A failed delete reads like a failed load (the list's own key), a failed export says so.
    rememberFailure: assign((_, params: { error: unknown; fallbackKey: string }) => ({
      outcome: 'failed' as const,
      error: describeError(params.error, params.fallbackKey),
    })),
  },
}).createMachine({
  id: 'recordBatch',
  context: ({ input }) => ({ batch: input, outcome: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isExport', target: 'exporting' }, { target: 'confirmingDelete' }],
    },
    confirmingDelete: {
      on: {
        'batch.deleteConfirmed': 'deleting',
        'batch.deleteCancelled': { target: 'done', actions: assign({ outcome: 'cancelled' }) },
      },
    },
    deleting: {
      invoke: {
        id: 'removeRecords',
        src: 'removeRecords',
        input: ({ context }) => ({ ids: context.batch.ids }),
        onDone: { target: 'done', actions: assign({ outcome: 'deleted' }) },
        onError: { target: 'done', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallbackKey: LOAD_FAILED_KEY }) } },
      },
    },
    exporting: {
      invoke: {
        id: 'exportRecords',
        src: 'exportRecords',
        input: ({ context }) => ({ ids: context.batch.ids, format: context.batch.operation === 'export' ? context.batch.format : 'docx' }),
        onDone: { target: 'done', actions: assign({ outcome: 'exported' }) },
        onError: {
          target: 'done',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error, fallbackKey: DOWNLOAD_FAILED_KEY }) },
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({
    outcome: context.outcome ?? 'cancelled',
    ids: context.batch.ids,
    ...(context.error ? { error: context.error } : {}),
  }),
});

export type RecordBatchPhase = 'confirmingDelete' | 'deleting' | 'exporting';

/** Where the operation is, for the list's page (the question, then the busy dialog or toolbar). */
export const selectBatchPhase = (snapshot: SnapshotFrom<typeof recordBatchMachine>): RecordBatchPhase | null =>
  snapshot.matches('confirmingDelete') || snapshot.matches('deleting') || snapshot.matches('exporting')
    ? (snapshot.value as RecordBatchPhase)
    : null;
