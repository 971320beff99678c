// Path model of the instant summary: the double summarises at once and allows a refresh after 2 s.
import { fromPromise } from 'xstate';
import type { PathsModel } from './testing/paths';
import type { Summary } from './meeting.calls';
import { meetingSummaryMachine } from './meetingSummary.machine';

const SUMMARY: Summary = { transId: 't1', state: 'completed', content: 'The team agreed to ship on Friday.', refreshAfterSeconds: 2 };

export const pathsModel: PathsModel = {
  name: 'meetingSummary',
  machine: meetingSummaryMachine.provide({
    actors: { summarize: fromPromise<Summary, { transId: string; lang?: string }>(async () => SUMMARY) },
  }),
  input: { transId: 't1' },
  events: {
    'xstate.done.actor.summarize': [{ type: 'xstate.done.actor.summarize', output: SUMMARY }],
    'countdown.tick': [
      { type: 'countdown.tick', secondsLeft: 1 },
      { type: 'countdown.tick', secondsLeft: 0 },
    ],
  },
  produced: ['countdown.tick'],
};
