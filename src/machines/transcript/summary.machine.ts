// The AI summary panel (platform §7 mediaSummary / queryMediaSummary / mediaFixedCountSummary):
// loading → empty | ready | generating (re-read until done) | failed. A ready summary is offered
// again only when the transcript changed since it was made (issue 24: "Summarise now" only when
// there is none or the transcript changed), and then once the server's countdown has run out.
import { map } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { countdown$ } from '../../streams/countdown$';
import { fixedCountSummary } from '../../api/shared/media-fixed-count-summary';
import { generateSummary } from '../../api/transcript/media-summary';
import { querySummary } from '../../api/transcript/query-media-summary';
import type { SummaryView } from './transcript.types';

export const SUMMARY_POLL_MS = 2000;
export const SUMMARY_FAILED_KEY = 'transcript:summaryFailed';

export interface SummaryContext {
  transId: string;
  shareCode?: string;
  summary: SummaryView | null;
  refreshSecondsLeft: number;
  errorKey?: string;
  errorMessage?: string;
}

export type SummaryEvent =
  | { type: 'summary.generate' }
  | { type: 'summary.latest'; count: number }
  | { type: 'countdown.tick'; secondsLeft: number };

function describe(error: unknown): Pick<SummaryContext, 'errorKey' | 'errorMessage'> {
  const known = error as { message?: unknown; messageKey?: unknown } | null;
  if (known && typeof known.message === 'string' && known.message) return { errorMessage: known.message };
  if (known && typeof known.messageKey === 'string') return { errorKey: known.messageKey };
  return { errorKey: SUMMARY_FAILED_KEY };
}



const settle = (target: { empty: string; ready: string; generating: string; failed: string }) => [
  { guard: ({ event }: { event: { output: SummaryView | null } }) => event.output === null, target: target.empty, actions: { type: 'store' as const, params: ({ event }: { event: { output: SummaryView | null } }) => event.output } },
  { guard: ({ event }: { event: { output: SummaryView | null } }) => event.output?.state === 'generating', target: target.generating, actions: { type: 'store' as const, params: ({ event }: { event: { output: SummaryView | null } }) => event.output } },
  { guard: ({ event }: { event: { output: SummaryView | null } }) => event.output?.state === 'failed', target: target.failed, actions: { type: 'store' as const, params: ({ event }: { event: { output: SummaryView | null } }) => event.output } },
  { target: target.ready, actions: { type: 'store' as const, params: ({ event }: { event: { output: SummaryView | null } }) => event.output } },
];

const TARGETS = { empty: '#summary.empty', ready: '#summary.ready', generating: '#summary.generating', failed: '#summary.failed' };

export const summaryMachine = setup({
  types: {
    input: {} as { transId: string; shareCode?: string },
    context: {} as SummaryContext,
    events: {} as SummaryEvent,
  },
  actors: {
    // The panel's view (SummaryView, null for "none yet") is narrower than the contract's Summary.
    query: fromPromise<SummaryView | null, { transId: string; shareCode?: string }>(({ input }) => querySummary(input)),
    /** The re-read while generating: the same call, its own actor so tests can hold it. */
    requery: fromPromise<SummaryView | null, { transId: string; shareCode?: string }>(({ input }) => querySummary(input)),
    generate: fromPromise<SummaryView | null, { transId: string }>(({ input }) => generateSummary(input.transId)),
    latest: fromPromise<SummaryView | null, { transId: string; count: number }>(({ input, signal }) => fixedCountSummary(input, signal)),
    countdown: fromEventObservable<SummaryEvent, { seconds: number }>(({ input }) =>
      countdown$(input.seconds).pipe(map((secondsLeft) => ({ type: 'countdown.tick' as const, secondsLeft }))),
    ),
  },
  actions: {
    store: assign((_, summary: SummaryView | null) => ({
      summary,
      refreshSecondsLeft: summary?.refreshAfterSeconds ?? 0,
      errorKey: undefined,
      errorMessage: summary?.state === 'failed' ? (summary.errorMessage ?? undefined) : undefined,
    })),
  },
  delays: { pollDelay: SUMMARY_POLL_MS },
}).createMachine({
  id: 'summary',
  context: ({ input }) => ({ transId: input.transId, ...(input.shareCode ? { shareCode: input.shareCode } : {}), summary: null, refreshSecondsLeft: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'query',
        id: 'query',
        input: ({ context }) => ({ transId: context.transId, ...(context.shareCode ? { shareCode: context.shareCode } : {}) }),
        onDone: settle(TARGETS),
        onError: { target: 'failed', actions: assign(({ event }) => describe(event.error)) },
      },
    },
    empty: {
      on: { 'summary.generate': 'requesting', 'summary.latest': 'requestingLatest' },
    },
    requesting: {
      invoke: {
        src: 'generate',
        id: 'generate',
        input: ({ context }) => ({ transId: context.transId }),
        onDone: settle({ ...TARGETS, empty: '#summary.generating' }),
        onError: { target: 'failed', actions: assign(({ event }) => describe(event.error)) },
      },
    },
    requestingLatest: {
      invoke: {
        src: 'latest',
        id: 'latest',
        input: ({ context, event }) => ({ transId: context.transId, count: (event as Extract<SummaryEvent, { type: 'summary.latest' }>).count }),
        onDone: settle(TARGETS),
        onError: { target: 'failed', actions: assign(({ event }) => describe(event.error)) },
      },
    },
    generating: {
      after: { pollDelay: 'rereading' },
    },
    rereading: {
      invoke: {
        src: 'requery',
        id: 'requery',
        input: ({ context }) => ({ transId: context.transId, ...(context.shareCode ? { shareCode: context.shareCode } : {}) }),
        onDone: settle({ ...TARGETS, empty: '#summary.generating' }),
        // A missed re-read is tried again at the next period.
        onError: 'generating',
      },
    },
    ready: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: ({ context }) => !context.summary?.transcriptChanged, target: 'current' },
            { guard: ({ context }) => context.refreshSecondsLeft > 0, target: 'coolingDown' },
            { target: 'refreshable' },
          ],
        },
        // Made from the transcript as it is: nothing to regenerate.
        current: {},
        coolingDown: {
          invoke: { src: 'countdown', id: 'countdown', input: ({ context }) => ({ seconds: context.refreshSecondsLeft }) },
          on: {
            'countdown.tick': [
              { guard: ({ event }) => event.secondsLeft <= 0, target: 'refreshable', actions: assign({ refreshSecondsLeft: 0 }) },
              { actions: assign({ refreshSecondsLeft: ({ event }) => event.secondsLeft }) },
            ],
          },
        },
        refreshable: {
          on: { 'summary.generate': '#summary.requesting' },
        },
      },
      on: { 'summary.latest': 'requestingLatest' },
    },
    failed: {
      on: { 'summary.generate': 'requesting' },
    },
  },
});

type SummarySnapshot = SnapshotFrom<typeof summaryMachine>;
export type SummaryStatus = 'loading' | 'empty' | 'generating' | 'ready' | 'failed';

/** What the summary panel shows: a requested or running generation both read as 'generating'. */
export const selectSummaryStatus = (snapshot: SummarySnapshot): SummaryStatus => {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('generating') || snapshot.matches('rereading') || snapshot.matches('requesting')) return 'generating';
  return 'loading';
};
export const selectSummaryContext = (snapshot: SummarySnapshot) => snapshot.context;
/** The transcript changed since the summary and the refresh countdown has run out (the server's refresh rule). */
export const selectCanRefresh = (snapshot: SummarySnapshot) => snapshot.matches({ ready: 'refreshable' });
/** The summary is older than the transcript's edits: offer to regenerate it (once the countdown allows). */
export const selectOffersRegenerate = (snapshot: SummarySnapshot) => snapshot.matches({ ready: 'refreshable' }) || snapshot.matches({ ready: 'coolingDown' });
