// Path model of the instant summary: the double summarises at once and refreshes after 2 s, except
// for the meeting 't-busy', whose summary the engine refuses; the meeting's end stops it anywhere.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { Summary } from '../../api/meetings/meeting-types';
import { meetingSummaryMachine } from './meetingSummary.machine';

const SUMMARY: Summary = { transId: 't1', state: 'completed', content: 'The team agreed to ship on Friday.', refreshAfterSeconds: 2 };
const REFUSING = 't-busy';
const REFUSAL = { kind: 'business', code: 500, message: 'The summary engine is busy' };
const refuses = (snapshot: AnyMachineSnapshot) => (snapshot.context as { transId: string }).transId === REFUSING;

export const pathsModel: PathsModel = {
  name: 'meetingSummary',
  machine: meetingSummaryMachine.provide({
    actors: {
      summarize: fromPromise<Summary, { transId: string; lang?: string }>(async ({ input }) => {
        if (input.transId === REFUSING) throw REFUSAL;
        return SUMMARY;
      }),
    },
  }),
  inputs: [{ transId: 't1', languages: ['en-US', 'es-ES'] }, { transId: REFUSING }],
  events: {
    'xstate.done.actor.summarize': (snapshot) => (refuses(snapshot) ? [] : [{ type: 'xstate.done.actor.summarize', output: SUMMARY }]),
    'xstate.error.actor.summarize': (snapshot) => (refuses(snapshot) ? [{ type: 'xstate.error.actor.summarize', error: REFUSAL }] : []),
    'summary.request': [{ type: 'summary.request', hostLanguage: 'en-US' }],
    'summary.stop': [{ type: 'summary.stop' }],
    'countdown.tick': [
      { type: 'countdown.tick', secondsLeft: 1 },
      { type: 'countdown.tick', secondsLeft: 0 },
    ],
  },
  produced: ['countdown.tick'],
};
