// The cast code entry (features §2, §5), /cast and /cast/:code: a six-digit code is entered (or
// comes in the address), checked, remembered on this device (the saved address: the form offers it
// next time), then the projection display opens (/screenProjection?code=, the screenProjection
// machine). The page is public: a visitor token comes first.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../api/client';
import { CAST_CODE_LENGTH } from '../../shared/contract/limits';
import { readCastCode, writeCastCode } from '../../shared/session-storage';
import { visitorTokenActor } from './live-connection';
import { resolveCastCode } from '../../api/meetings/get-network-link';
import type { ScreenCode } from '../../api/meetings/meeting-types';

export const isCastCode = (code: string) => new RegExp(`^[0-9]{${CAST_CODE_LENGTH}}$`).test(code);

// The contract answers an expired or closed cast code with 410 (link expired).
const EXPIRED_CODES = new Set([410, 4410]);

export interface ScreenCastContext {
  code: string;
  /** The code this device used last (offered in the form). */
  savedCode: string;
  screen: ScreenCode | null;
  errorKey: string | null;
  errorMessage: string | null;
}

export type ScreenCastEvent = { type: 'cast.submit'; code: string } | { type: 'cast.reset' };

export const screenCastMachine = setup({
  types: {
    context: {} as ScreenCastContext,
    events: {} as ScreenCastEvent,
    input: {} as { code?: string | null; savedCode?: string | null },
  },
  actors: {
    visitorToken: visitorTokenActor,
    resolveCode: fromPromise<ScreenCode, { code: string }>(({ input, signal }) => resolveCastCode(input.code, signal)),
  },
  actions: {
    /** The projection display of the code (the route navigates). */
    openProjection: (_, _params: { code: string }) => undefined,
    saveCode: ({ context }) => writeCastCode(context.code),
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
    savedCode: input.savedCode ?? readCastCode() ?? '',
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
        onDone: { target: 'found', actions: [assign({ screen: ({ event }) => event.output }), 'saveCode'] },
        onError: [
          { guard: { type: 'expiredError', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'linkExpired' },
          { target: 'codeEntry', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    found: { type: 'final', entry: { type: 'openProjection', params: ({ context }) => ({ code: context.code }) } },
    linkExpired: {
      on: { 'cast.reset': { target: 'codeEntry', actions: assign({ screen: null, code: '' }) } },
    },
  },
});

type Snapshot = SnapshotFrom<typeof screenCastMachine>;
export type ScreenCastStage = 'codeEntry' | 'connecting' | 'found' | 'linkExpired';
export function selectCastStage(snapshot: Snapshot): ScreenCastStage {
  if (snapshot.matches('found')) return 'found';
  if (snapshot.matches('linkExpired')) return 'linkExpired';
  if (snapshot.matches('codeEntry')) return 'codeEntry';
  return 'connecting';
}
export const selectCastErrorMessage = (snapshot: Snapshot) => snapshot.context.errorMessage;
export const selectCastErrorKey = (snapshot: Snapshot) => snapshot.context.errorKey;
export const selectSavedCastCode = (snapshot: Snapshot) => snapshot.context.savedCode;
