// Path model of the new take. A line whose id starts with 'gone' is refused by the double (the
// server no longer has it); any other line is queued.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { newTakeMachine, type NewTakeContext, type NewTakeRequest } from './newTake.machine';

const request = (lineId: string): NewTakeRequest => ({ taskId: 't1', lineId, number: 3 });
const refused = (snapshot: AnyMachineSnapshot) => ((snapshot.context as NewTakeContext).request?.lineId ?? '').startsWith('gone');

export const pathsModel: PathsModel = {
  name: 'newTake',
  machine: newTakeMachine.provide({
    actors: {
      startTake: fromPromise<void, NewTakeRequest>(async ({ input }) => {
        if (input.lineId.startsWith('gone')) throw { messageKey: 'dubbing:lineNotFound' };
      }),
    },
  }),
  events: {
    newTake: [{ type: 'newTake', request: request('l1') }, { type: 'newTake', request: request('gone-2') }],
    'xstate.done.actor.startTake': (snapshot) => (refused(snapshot) ? [] : [{ type: 'xstate.done.actor.startTake', output: undefined }]),
    'xstate.error.actor.startTake': (snapshot) => (refused(snapshot) ? [{ type: 'xstate.error.actor.startTake', error: { messageKey: 'dubbing:lineNotFound' } }] : []),
  },
  serializeContext: (context: NewTakeContext) => ({ line: context.request?.lineId ?? null, error: context.errorKey }),
};
