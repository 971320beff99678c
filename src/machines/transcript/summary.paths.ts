// Path model of the summary panel (convention: src/testing/paths.ts). The doubles answer
// by a scenario spelled in the transId, "<query>.<generate>.<re-read>.<latest lines>", each part
// one outcome below. One input per needed combination, so every branch of every call is taken; refreshes after a "cooling" answer wait a 2-second countdown.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { SummaryView } from './transcript.types';
import { summaryMachine, type SummaryContext } from './summary.machine';
import { summaryOf } from './transcript.doubles';

type Outcome = 'null' | 'completed' | 'cooling' | 'changed' | 'changedCooling' | 'generating' | 'failed' | 'error';
type Call = 'query' | 'generate' | 'requery' | 'latest';

const REFRESH_AFTER_SECONDS = 2;
const REFUSED = { kind: 'transport', messageKey: 'api:networkError' };
const FAILED: SummaryView = { ...summaryOf('failed'), errorMessage: 'The summary engine failed' };

function view(outcome: Outcome): SummaryView | null {
  switch (outcome) {
    case 'null':
      return null;
    case 'completed':
      return summaryOf('completed');
    case 'cooling':
      return summaryOf('completed', REFRESH_AFTER_SECONDS);
    // Older than the transcript's edits: offered again, at once or after the countdown.
    case 'changed':
      return summaryOf('completed', 0, true);
    case 'changedCooling':
      return summaryOf('completed', REFRESH_AFTER_SECONDS, true);
    case 'generating':
      return summaryOf('generating');
    case 'failed':
      return FAILED;
    case 'error':
      throw REFUSED;
  }
}

const outcomeOf = (transId: string, call: Call): Outcome => {
  const [query, generate, requery, latest] = transId.split('.') as [Outcome, Outcome, Outcome, Outcome];
  return { query, generate, requery, latest }[call];
};
const answer = async (outcome: Outcome) => view(outcome);

/** The samples of one invoke's outcome: the double's answer, as done or as error. */
function outcomeSamples(call: Call) {
  const outcomeFor = (snapshot: AnyMachineSnapshot) => outcomeOf((snapshot.context as SummaryContext).transId, call);
  return {
    [`xstate.done.actor.${call}`]: (snapshot: AnyMachineSnapshot) => {
      const outcome = outcomeFor(snapshot);
      return outcome === 'error' ? [] : [{ type: `xstate.done.actor.${call}`, output: view(outcome) }];
    },
    [`xstate.error.actor.${call}`]: (snapshot: AnyMachineSnapshot) =>
      outcomeFor(snapshot) === 'error' ? [{ type: `xstate.error.actor.${call}`, error: REFUSED }] : [],
  };
}

export const pathsModel: PathsModel = {
  name: 'summary',
  machine: summaryMachine.provide({
    actors: {
      query: fromPromise<SummaryView | null, { transId: string }>(({ input }) => answer(outcomeOf(input.transId, 'query'))),
      generate: fromPromise<SummaryView | null, { transId: string }>(({ input }) => answer(outcomeOf(input.transId, 'generate'))),
      requery: fromPromise<SummaryView | null, { transId: string }>(({ input }) => answer(outcomeOf(input.transId, 'requery'))),
      latest: fromPromise<SummaryView | null, { transId: string; count: number }>(({ input }) => answer(outcomeOf(input.transId, 'latest'))),
    },
  }),
  inputs: [
    'null.null.cooling.null',
    'generating.generating.generating.generating',
    'failed.failed.failed.failed',
    'error.error.error.error',
    'completed.completed.completed.completed',
    'null.generating.error.generating',
    'null.generating.failed.failed',
    'null.generating.null.error',
    'changed.changedCooling.null.changed',
    'changedCooling.generating.changed.null',
  ].map((transId) => ({ transId })),
  events: {
    'summary.generate': [{ type: 'summary.generate' }],
    'summary.latest': [{ type: 'summary.latest', count: 20 }],
    ...outcomeSamples('query'),
    ...outcomeSamples('generate'),
    ...outcomeSamples('requery'),
    ...outcomeSamples('latest'),
    'countdown.tick': [
      { type: 'countdown.tick', secondsLeft: 1 },
      { type: 'countdown.tick', secondsLeft: 0 },
    ],
  },
  produced: ['countdown.tick'],
  serializeContext: (context: SummaryContext) => ({
    transId: context.transId,
    state: context.summary?.state ?? null,
    changed: context.summary?.transcriptChanged ?? false,
    left: context.refreshSecondsLeft,
    error: context.errorKey ?? context.errorMessage ?? null,
  }),
  maxSimplePaths: 12,
};
