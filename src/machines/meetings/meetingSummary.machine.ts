// AI instant summary of a live meeting (features §1, §4): generated on demand, then a refresh
// countdown (MEETING_SUMMARY_REFRESH_SECONDS, or the server's refreshAfterSeconds) before the next.
import { map } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/client';
import { MEETING_SUMMARY_LINE_COUNT, MEETING_SUMMARY_REFRESH_SECONDS } from '../../shared/contract/limits';
import { countdown$ } from '../../streams/countdown$';
import type { Summary } from '../../api/meetings/meeting-types';
import { fixedCountSummary } from '../../api/shared/media-fixed-count-summary';

export interface MeetingSummaryContext {
  transId: string;
  lang?: string;
  summary: Summary | null;
  secondsLeft: number;
  errorMessage: string | null;
  errorKey: string | null;
}

export type MeetingSummaryEvent = { type: 'summary.request' } | { type: 'countdown.tick'; secondsLeft: number };

export const meetingSummaryMachine = setup({
  types: {
    context: {} as MeetingSummaryContext,
    events: {} as MeetingSummaryEvent,
    input: {} as { transId: string; lang?: string },
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
  },
  guards: {
    countdownOver: ({ event }) => event.type === 'countdown.tick' && event.secondsLeft <= 0,
  },
}).createMachine({
  id: 'meetingSummary',
  context: ({ input }) => ({ transId: input.transId, lang: input.lang, summary: null, secondsLeft: 0, errorMessage: null, errorKey: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'summary.request': 'generating' } },
    generating: {
      invoke: {
        src: 'summarize',
        id: 'summarize',
        input: ({ context }) => ({ transId: context.transId, lang: context.lang }),
        onDone: {
          target: 'coolingDown',
          actions: assign(({ event }) => ({
            summary: event.output,
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
        'countdown.tick': [{ guard: 'countdownOver', target: 'idle', actions: 'showTick' }, { actions: 'showTick' }],
      },
    },
  },
});

type Snapshot = { context: MeetingSummaryContext; matches(value: unknown): boolean };
export const selectSummaryContent = (snapshot: Snapshot) => snapshot.context.summary?.content ?? null;
const NO_KEY_POINTS: string[] = [];
export const selectSummaryKeyPoints = (snapshot: Snapshot) => snapshot.context.summary?.keyPoints ?? NO_KEY_POINTS;
export const selectSummaryGenerating = (snapshot: Snapshot) => snapshot.matches('generating');
export const selectSummarySecondsLeft = (snapshot: Snapshot) => (snapshot.matches('coolingDown') ? snapshot.context.secondsLeft : 0);
export const selectSummaryErrorMessage = (snapshot: Snapshot) => snapshot.context.errorMessage;
export const selectSummaryErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
