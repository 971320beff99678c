// Path model of the host's join records: the read answers two records (one left), or fails for
// meeting 'down' (the server answering an error).
import { fromPromise } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { JoinRecord } from '../../api/meetings/meeting-types';
import { joinedListMachine, type JoinedListContext } from './joinedList.machine';

const RECORDS: JoinRecord[] = [
  { index: 1, userId: 'p-1', userName: 'Lucía', translationLanguage: 'es-ES', joinTime: '2025-01-01T10:00:00Z', leaveTime: '2025-01-01T10:20:00Z' },
  { index: 2, userId: 'p-2', userName: 'Ann', translationLanguage: 'en-US', joinTime: '2025-01-01T10:01:00Z', leaveTime: null },
];

const FAILURE = { kind: 'business', code: 500, message: 'Server busy' };
const down = (context: unknown) => (context as JoinedListContext).meetingId === 'down';

export const pathsModel: PathsModel = {
  name: 'joinedList',
  machine: joinedListMachine.provide({
    actors: {
      readJoins: fromPromise<JoinRecord[], { meetingId: string }>(async ({ input }) => {
        if (input.meetingId === 'down') throw FAILURE;
        return RECORDS;
      }),
    },
  }),
  inputs: [{ meetingId: 'm1' }, { meetingId: 'down' }],
  serializeContext: (context: JoinedListContext) => ({ rows: context.records.length, error: context.errorMessage }),
  events: {
    'joined.refresh': [{ type: 'joined.refresh' }],
    'xstate.done.actor.readJoins': (snapshot) => (down(snapshot.context) ? [] : [{ type: 'xstate.done.actor.readJoins', output: RECORDS }]),
    'xstate.error.actor.readJoins': (snapshot) => (down(snapshot.context) ? [{ type: 'xstate.error.actor.readJoins', error: FAILURE }] : []),
  },
};
