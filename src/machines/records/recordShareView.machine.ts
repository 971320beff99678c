// The public share page of one record (/meetingShare?id=&shareCode=): read it signed out (a
// visitor token kept in memory), show 'share link expired' for a revoked or expired link, and let
// a signed-in reader create a copy when the owner allows it.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { copySharedRecordActor } from '../../api/records/copy-replica';
import { readSharedRecordActor } from '../../api/records/get-trans-share-status';
import { visitorLogin } from '../../api/shared/visitor-login';
import { describeError, isApiError, type ErrorText } from '../../api/errors';
import type { RecordItem, SubtitleLine } from './recordList.types';

/** The server's answer for a revoked or expired share code (contract: records errors). */
export const SHARE_EXPIRED_CODE = 410;
export const SHARE_NOT_FOUND_KEY = 'records:shareNotFound';

export interface RecordShareViewInput {
  id: string;
  shareCode: string;
  /** A stored sign-in exists: read with it first (the owner or another user). */
  hasToken: boolean;
}

export interface RecordShareViewContext extends ErrorText {
  id: string;
  shareCode: string;
  hasToken: boolean;
  visitorToken: string | null;
  record: RecordItem | null;
  lines: SubtitleLine[];
  copyAllowed: boolean;
  copy: RecordItem | null;
}

export type RecordShareViewEvent = { type: 'share.copyRequested' } | { type: 'share.retry' };

const isExpired = (error: unknown) => isApiError(error) && error.code === SHARE_EXPIRED_CODE;
const isUnauthorized = (error: unknown) => isApiError(error) && error.kind === 'unauthorized';

export const recordShareViewMachine = setup({
  types: {
    context: {} as RecordShareViewContext,
    events: {} as RecordShareViewEvent,
    input: {} as RecordShareViewInput,
  },
  actors: {
    // The page client: a failure stays on this page instead of ending a session (VisitorLoginPolicy).
    visitorLogin: fromPromise<string>(() => visitorLogin('page')),
    readShared: readSharedRecordActor,
    copyShared: copySharedRecordActor,
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    hasCode: ({ context }) => context.id !== '' && context.shareCode !== '',
    expired: (_, error: unknown) => isExpired(error),
    staleSignIn: ({ context }, error: unknown) => context.visitorToken === null && isUnauthorized(error),
    mayCopy: ({ context }) => context.hasToken && context.copyAllowed,
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => describeError(error, SHARE_NOT_FOUND_KEY)),
  },
}).createMachine({
  id: 'recordShareView',
  context: ({ input }) => ({
    id: input.id,
    shareCode: input.shareCode,
    hasToken: input.hasToken,
    visitorToken: null,
    record: null,
    lines: [],
    copyAllowed: false,
    copy: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: { type: 'hasCode' }, target: 'choosingReader' },
        { target: 'unavailable', actions: assign({ errorKey: SHARE_NOT_FOUND_KEY }) },
      ],
    },
    choosingReader: {
      always: [{ guard: 'hasToken', target: 'reading' }, { target: 'signingInAsVisitor' }],
    },
    signingInAsVisitor: {
      invoke: {
        id: 'visitorLogin',
        src: 'visitorLogin',
        onDone: { target: 'reading', actions: assign({ visitorToken: ({ event }) => event.output, hasToken: false }) },
        onError: { target: 'unavailable', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    reading: {
      invoke: {
        id: 'readShared',
        src: 'readShared',
        input: ({ context }) => ({ id: context.id, shareCode: context.shareCode, visitorToken: context.visitorToken }),
        onDone: {
          target: 'showing',
          actions: assign(({ event }) => ({ record: event.output.record, lines: event.output.lines, copyAllowed: event.output.copyAllowed })),
        },
        onError: [
          { guard: { type: 'expired', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },
          // A stored sign-in that no longer works: read as a visitor instead of leaving the page.
          {
            guard: { type: 'staleSignIn', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'signingInAsVisitor',
            actions: assign({ hasToken: false }),
          },
          { target: 'unavailable', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    showing: {
      on: {
        'share.copyRequested': { guard: 'mayCopy', target: 'copying' },
      },
    },
    copying: {
      invoke: {
        id: 'copyShared',
        src: 'copyShared',
        input: ({ context }) => ({ id: context.id, shareCode: context.shareCode }),
        onDone: { target: 'copied', actions: assign({ copy: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'expired', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },
          { target: 'showing', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    copied: {},
    expired: {},
    unavailable: {
      on: { 'share.retry': { target: 'starting', actions: assign({ errorKey: undefined, errorMessage: undefined, errorCode: undefined }) } },
    },
  },
});

type ShareViewSnapshot = SnapshotFrom<typeof recordShareViewMachine>;
export type ShareViewStatus = 'loading' | 'showing' | 'copying' | 'copied' | 'expired' | 'unavailable';
export const selectShareViewContext = (snapshot: ShareViewSnapshot) => snapshot.context;
export const selectShareViewStatus = (snapshot: ShareViewSnapshot): ShareViewStatus => {
  for (const status of ['showing', 'copying', 'copied', 'expired', 'unavailable'] as const) if (snapshot.matches(status)) return status;
  return 'loading';
};
