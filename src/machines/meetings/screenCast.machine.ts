// The cast screen (features §2, §5): a six-digit code is entered (or comes in the address
// /cast/:code), resolved to its meeting, then subtitles are projected until the link expires (the
// subtitle socket ends). The page is public: a visitor token comes first.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { CAST_CODE_LENGTH } from '../../shared/contract/limits';
import { socketUrlFor, visitorTokenActor } from './live-connection';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import { resolveCastCode } from '../../api/meetings/get-network-link';
import type { ScreenCode } from '../../api/meetings/meeting-types';

export const isCastCode = (code: string) => new RegExp(`^[0-9]{${CAST_CODE_LENGTH}}$`).test(code);

// The contract answers an expired or closed cast code with 410 (link expired).
const EXPIRED_CODES = new Set([410, 4410]);

export interface ScreenCastContext {
  code: string;
  socketUrl: (meetingId: string) => string;
  screen: ScreenCode | null;
  errorKey: string | null;
  errorMessage: string | null;
}

export type ScreenCastEvent =
  | { type: 'cast.submit'; code: string }
  | { type: 'cast.expired' }
  | { type: 'cast.reset' };

export const screenCastMachine = setup({
  types: {
    context: {} as ScreenCastContext,
    events: {} as ScreenCastEvent,
    input: {} as { code?: string | null; socketUrl?: (meetingId: string) => string },
  },
  actors: {
    visitorToken: visitorTokenActor,
    liveSubtitles: liveSubtitlesMachine,
    resolveCode: fromPromise<ScreenCode, { code: string }>(({ input, signal }) => resolveCastCode(input.code, signal)),
  },
  actions: {
    takeCode: assign(({ event }) => (event.type === 'cast.submit' ? { code: event.code.trim(), errorKey: null, errorMessage: null } : {})),
    rejectCode: assign({ errorKey: 'meetings:castCodeInvalid', errorMessage: null }),
    rememberFailure: assign((_, error: unknown) => {
      const apiError = error as Partial<ApiError> | null;
      return apiError?.message ? { errorMessage: apiError.message, errorKey: null } : { errorKey: 'meetings:castCodeUnknown', errorMessage: null };
    }),
  },
  guards: {
    codeGiven: ({ context }) => isCastCode(context.code),
    submittedValid: ({ event }) => event.type === 'cast.submit' && isCastCode(event.code.trim()),
    expiredError: (_, error: unknown) => EXPIRED_CODES.has((error as Partial<ApiError> | null)?.code ?? 0),
  },
}).createMachine({
  id: 'screenCast',
  context: ({ input }) => ({
    code: input.code ?? '',
    socketUrl: input.socketUrl ?? ((meetingId: string) => socketUrlFor(meetingId)),
    screen: null,
    errorKey: null,
    errorMessage: null,
  }),
  initial: 'authorizing',
  states: {
    authorizing: { invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'deciding' } },
    deciding: { always: [{ guard: 'codeGiven', target: 'connecting' }, { target: 'codeEntry' }] },
    codeEntry: {
      on: {
        'cast.submit': [
          { guard: 'submittedValid', target: 'connecting', actions: 'takeCode' },
          { actions: 'rejectCode' },
        ],
      },
    },
    connecting: {
      invoke: {
        src: 'resolveCode',
        id: 'resolveCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'projecting', actions: assign({ screen: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'expiredError', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'linkExpired' },
          { target: 'codeEntry', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    projecting: {
      invoke: {
        src: 'liveSubtitles',
        id: 'liveSubtitles',
        input: ({ context }) => ({ socketUrl: context.socketUrl(context.screen!.meetingId) }),
        onDone: 'linkExpired',
      },
      on: { 'cast.expired': 'linkExpired', 'cast.reset': { target: 'codeEntry', actions: assign({ screen: null, code: '' }) } },
    },
    linkExpired: {
      on: { 'cast.reset': { target: 'codeEntry', actions: assign({ screen: null, code: '' }) } },
    },
  },
});

type Snapshot = SnapshotFrom<typeof screenCastMachine>;
export type ScreenCastStage = 'codeEntry' | 'connecting' | 'projecting' | 'linkExpired';
export function selectCastStage(snapshot: Snapshot): ScreenCastStage {
  if (snapshot.matches('projecting')) return 'projecting';
  if (snapshot.matches('linkExpired')) return 'linkExpired';
  if (snapshot.matches('codeEntry')) return 'codeEntry';
  return 'connecting';
}
export const selectCastErrorMessage = (snapshot: Snapshot) => snapshot.context.errorMessage;
export const selectCastErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
export const selectProjectedSubtitles = (snapshot: Snapshot) =>
  snapshot.children.liveSubtitles as ActorRefFrom<typeof liveSubtitlesMachine> | undefined;
