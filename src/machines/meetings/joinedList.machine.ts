// The join records of the host's meeting (GET joinRecord), read when the live view opens and again
// when the meeting ends (the end closes every join: the records then carry each leave time, which
// the host's socket, closed by the end, no longer hears). A refresh during a read restarts it, so
// the answer is never older than the refresh. A failed read keeps the rows it had and says why.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { getJoinRecords } from '../../api/meetings/join-record';
import type { JoinRecord } from '../../api/meetings/meeting-types';

export interface JoinedListContext {
  meetingId: string;
  records: JoinRecord[];
  errorMessage: string | null;
}

export type JoinedListEvent = { type: 'joined.refresh' };

export const joinedListMachine = setup({
  types: {
    context: {} as JoinedListContext,
    events: {} as JoinedListEvent,
    input: {} as { meetingId: string },
  },
  actors: {
    readJoins: fromPromise<JoinRecord[], { meetingId: string }>(({ input, signal }) => getJoinRecords(input.meetingId, signal)),
  },
}).createMachine({
  id: 'joinedList',
  context: ({ input }) => ({ meetingId: input.meetingId, records: [], errorMessage: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readJoins',
        id: 'readJoins',
        input: ({ context }) => ({ meetingId: context.meetingId }),
        onDone: { target: 'shown', actions: assign({ records: ({ event }) => event.output, errorMessage: null }) },
        onError: {
          target: 'shown',
          actions: assign({ errorMessage: ({ event }) => (event.error as Partial<ApiError> | null)?.message ?? null }),
        },
      },
      on: { 'joined.refresh': { target: 'reading', reenter: true } },
    },
    shown: {
      on: { 'joined.refresh': 'reading' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof joinedListMachine>;
export const selectJoinRecords = (snapshot: Snapshot) => snapshot.context.records;
export const selectJoinedListError = (snapshot: Snapshot) => snapshot.context.errorMessage;
