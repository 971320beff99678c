// AI instant summary of a live meeting (features §1, §4; issue 24 §4): the host asks once, then it
// refreshes by itself each time its countdown (MEETING_SUMMARY_REFRESH_SECONDS, or the server's
// refreshAfterSeconds) runs out, until the meeting ends (summary.stop). It is asked in the host's
// interface language when the meeting has lines in it, and shown with each sentence once and key
// points that do not repeat it (instant-summary.ts).
import { map } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { MEETING_SUMMARY_LINE_COUNT, MEETING_SUMMARY_REFRESH_SECONDS } from '../../shared/contract/limits';
import { countdown$ } from '../../streams/countdown$';
import type { Summary } from '../../api/meetings/meeting-types';
import { fixedCountSummary } from '../../api/shared/media-fixed-count-summary';
import { distinctSummary, instantSummaryLanguage } from './instant-summary';

export interface MeetingSummaryContext {
  transId: string;
  /** The meeting's recognition and translation languages: the ones it has lines in. */
  languages: string[];
  /** The host's interface language, told with the first request. */
  hostLanguage: string | null;
  summary: Summary | null;
  secondsLeft: number;
  errorMessage: string | null;
  errorKey: string | null;
}

export type MeetingSummaryEvent =
  | { type: 'summary.request'; hostLanguage?: string }
  | { type: 'countdown.tick'; secondsLeft: number }
  | { type: 'summary.stop' };

export const meetingSummaryMachine = setup({
  types: {
    context: {} as MeetingSummaryContext,
    events: {} as MeetingSummaryEvent,
    input: {} as { transId: string; languages?: string[] },
  },
  actors: {
    summarize: fromPromise<Summary, { transId: string; lang?: string }>(({ input, signal }) =>
      fixedCountSummary({ ...input, count: MEETING_SUMMARY_LINE_COUNT }, signal),
    ),
    countdown: fromEventObservable<MeetingSummaryEvent, { seconds: number }>(({ input }) =>
      countdown$(input.seconds).pipe(map((secondsLeft) => ({ type: 'countdown.tick' as const, secondsLeft }))),
    ),
  },
  actions: {
    showTick: assign({ secondsLeft: ({ event, context }) => (event.type === 'countdown.tick' ? event.secondsLeft : context.secondsLeft) }),
    rememberHost: assign({
      hostLanguage: ({ event, context }) => (event.type === 'summary.request' && event.hostLanguage ? event.hostLanguage : context.hostLanguage),
    }),
  },
  guards: {
    countdownOver: ({ event }) => event.type === 'countdown.tick' && event.secondsLeft <= 0,
  },
}).createMachine({
  id: 'meetingSummary',
  context: ({ input }) => ({
    transId: input.transId,
    languages: input.languages ?? [],
    hostLanguage: null,
    summary: null,
    secondsLeft: 0,
    errorMessage: null,
    errorKey: null,
  }),
  initial: 'idle',
  // The meeting ended: the record's kept summary takes over, nothing refreshes any more.
  on: { 'summary.stop': '.stopped' },
  states: {
    idle: { on: { 'summary.request': { target: 'generating', actions: 'rememberHost' } } },
    generating: {
      invoke: {
        src: 'summarize',
        id: 'summarize',
        input: ({ context }) => {
          const lang = instantSummaryLanguage(context.hostLanguage, context.languages);
          return { transId: context.transId, ...(lang ? { lang } : {}) };
        },
        onDone: {
          target: 'coolingDown',
          actions: assign(({ event }) => ({
            summary: distinctSummary(event.output),
            secondsLeft: event.output.refreshAfterSeconds || MEETING_SUMMARY_REFRESH_SECONDS,
            errorMessage: null,
            errorKey: null,
          })),
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => {
            const error = event.error as Partial<ApiError> | null;
            return error?.message ? { errorMessage: error.message, errorKey: null } : { errorKey: 'meetings:summaryFailed', errorMessage: null };
          }),
        },
      },
    },
    coolingDown: {
      invoke: { src: 'countdown', id: 'countdown', input: ({ context }) => ({ seconds: context.secondsLeft }) },
      on: {
        // The countdown's end is the next refresh: the latest lines again, without the host asking.
        'countdown.tick': [{ guard: 'countdownOver', target: 'generating', actions: 'showTick' }, { actions: 'showTick' }],
      },
    },
    stopped: {},
  },
});

type Snapshot = { context: MeetingSummaryContext; matches(value: unknown): boolean };
export const selectSummaryContent = (snapshot: Snapshot) => snapshot.context.summary?.content ?? null;
const NO_KEY_POINTS: string[] = [];
export const selectSummaryKeyPoints = (snapshot: Snapshot) => snapshot.context.summary?.keyPoints ?? NO_KEY_POINTS;
/** The language the shown summary is in (the server's answer), null before the first. */
export const selectSummaryLanguage = (snapshot: Snapshot) => snapshot.context.summary?.lang ?? null;
export const selectSummaryGenerating = (snapshot: Snapshot) => snapshot.matches('generating');
export const selectSummarySecondsLeft = (snapshot: Snapshot) => (snapshot.matches('coolingDown') ? snapshot.context.secondsLeft : 0);
export const selectSummaryErrorMessage = (snapshot: Snapshot) => snapshot.context.errorMessage;
export const selectSummaryErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
