// Path model of the summary panel (convention: src/machines/testing/paths.ts). transId 'none' starts
// without a summary; refreshes wait a 2-second countdown.
import { fromPromise } from 'xstate';
import type { PathsModel } from './testing/paths';
import type { SummaryView } from './transcript.calls';
import { summaryDoubles, summaryOf } from './transcript.doubles';

export const pathsModel: PathsModel = {
  name: 'summary',
  // The re-read while generating stays pending so a path can stop in 'rereading'.
  machine: summaryDoubles(2).provide({
    actors: { requery: fromPromise<SummaryView | null, { transId: string }>(() => new Promise(() => undefined)) },
  }),
  input: { transId: 'none' },
  events: {
    'summary.generate': [{ type: 'summary.generate' }],
    'summary.latest': [{ type: 'summary.latest', count: 20 }],
    'xstate.done.actor.query': [{ type: 'xstate.done.actor.query', output: null }],
    'xstate.done.actor.generate': [{ type: 'xstate.done.actor.generate', output: summaryOf('generating') }],
    'xstate.done.actor.latest': [{ type: 'xstate.done.actor.latest', output: summaryOf('completed') }],
    'countdown.tick': [
      { type: 'countdown.tick', secondsLeft: 1 },
      { type: 'countdown.tick', secondsLeft: 0 },
    ],
  },
  produced: ['countdown.tick'],
  serializeContext: (ctx: { summary: { state: string } | null; refreshSecondsLeft: number }) => ({
    state: ctx.summary?.state ?? null,
    left: ctx.refreshSecondsLeft,
  }),
  maxSimplePaths: 30,
};
