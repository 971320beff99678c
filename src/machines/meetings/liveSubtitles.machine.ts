// Live subtitles of one meeting for the host, a participant or a cast screen (features §2, §4):
// connecting → live ⇄ reconnecting (the socket resumes from its last seq) → ended.
// 'ended' keeps why: the meeting ended, the link expired (sharing closed), the invitation closed or
// expired, or a fatal error.
import { Subject } from 'rxjs';
import { assign, fromCallback, sendTo, setup } from 'xstate';
import {
  liveSocket$,
  type LiveClientMessage,
  type LiveReady,
  type LiveServerMessage,
  type LiveSocketEvent,
} from '../../streams/socket$';
import { applyLiveMessage, emptyView, type SubtitleView } from './liveSubtitles.lines';
import type { MeetingState } from '../../api/meetings/meeting-types';

export type EndReason = 'meetingEnded' | 'linkExpired' | 'inviteClosed' | 'notFound' | 'unauthorized' | 'failed';

/** The 410 refusals of a participant who came by the invitation (closed, expired, or gone before they got in). */
const INVITE_KEYS = new Set(['live:inviteClosed', 'live:inviteExpired', 'live:inviteUnavailable']);

export interface LiveSubtitlesInput {
  socketUrl: string;
  /** Participants only: the translation language they read. */
  translationLanguage?: string;
  /** Sent once the server is ready (a host's start control given before the socket existed). */
  initialMessages?: LiveClientMessage[];
}

export interface LiveSubtitlesContext extends SubtitleView {
  input: LiveSubtitlesInput;
  meetingState: MeetingState | null;
  role: LiveReady['role'] | null;
  reconnectAttempt: number;
  endReason: EndReason | null;
  /** The server's translated message of the last error (fatal or not). */
  errorMessage: string | null;
  errorKey: string | null;
  /** The last cast.control heard (cast screens act on those for their code). */
  castControl: LiveCastControlMessage | null;
  /** The last meeting.allowance heard (the host's live time used up or restored). */
  allowance: LiveAllowanceMessage | null;
}

export type LiveCastControlMessage = Extract<LiveServerMessage, { type: 'cast.control' }>;
export type LiveAllowanceMessage = Extract<LiveServerMessage, { type: 'meeting.allowance' }>;

/** What the socket's owner sends up: control messages and the host's microphone frames. */
export type LiveOutgoingEvent =
  | { type: 'live.send'; message: LiveClientMessage }
  | { type: 'live.audio'; pcm: ArrayBuffer };

export type LiveSubtitlesEvent = LiveSocketEvent | LiveOutgoingEvent;

// Close codes of fatal errors are 4000 + the error's code (contract LiveError).
export function endReasonFor(closeCode: number, lastErrorKey: string | null): EndReason {
  if (closeCode === 4410) {
    // The server names keys with the namespace and a colon (live:meetingEnded); the dotted spelling is older.
    if (lastErrorKey === 'live:meetingEnded' || lastErrorKey === 'live.meetingEnded') return 'meetingEnded';
    return lastErrorKey && INVITE_KEYS.has(lastErrorKey) ? 'inviteClosed' : 'linkExpired';
  }
  if (closeCode === 4404) return 'notFound';
  if (closeCode === 4401) return 'unauthorized';
  if (closeCode === 1000) return 'meetingEnded';
  return 'failed';
}

export const liveSubtitlesMachine = setup({
  types: {
    context: {} as LiveSubtitlesContext,
    events: {} as LiveSubtitlesEvent,
    input: {} as LiveSubtitlesInput,
    output: {} as { meetingState: MeetingState | null; endReason: EndReason | null },
  },
  actors: {
    // The socket stream queues JSON until the server is ready and numbers the audio frames.
    connection: fromCallback<LiveOutgoingEvent, LiveSubtitlesInput, LiveSocketEvent>(({ input, sendBack, receive }) => {
      const outgoing$ = new Subject<LiveClientMessage>();
      const audio$ = new Subject<ArrayBuffer>();
      // The language read now: a live switch (a subscribe sent up) is what a reconnect subscribes to.
      let language = input.translationLanguage;
      receive((event) => {
        if (event.type === 'live.send') {
          if (event.message.type === 'subscribe') language = event.message.translationLanguage;
          outgoing$.next(event.message);
        } else audio$.next(event.pcm);
      });
      const subscription = liveSocket$({
        url: input.socketUrl,
        outgoing$,
        audio$,
        afterReady: () => (language ? [{ type: 'subscribe', translationLanguage: language }] : []),
      }).subscribe({ next: (event) => sendBack(event) });
      for (const message of input.initialMessages ?? []) outgoing$.next(message);
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    forwardToSocket: sendTo('connection', ({ event }) => event as LiveOutgoingEvent),
    applyMessage: assign(({ context, event }) => {
      if (event.type !== 'socket.message') return {};
      const message: LiveServerMessage = event.message;
      const view = applyLiveMessage(context, message);
      const extra: Partial<LiveSubtitlesContext> = {};
      if (message.type === 'meeting.state') extra.meetingState = message.state;
      if (message.type === 'cast.control') extra.castControl = message;
      if (message.type === 'meeting.allowance') extra.allowance = message;
      if (message.type === 'error') {
        extra.errorMessage = message.msg;
        extra.errorKey = message.msgKey;
      }
      return { ...view, ...extra };
    }),
    adoptReady: assign(({ event }) =>
      event.type === 'socket.ready'
        ? { meetingState: event.ready.state, role: event.ready.role, reconnectAttempt: 0 }
        : {},
    ),
    countAttempt: assign({
      reconnectAttempt: ({ event, context }) => (event.type === 'socket.reconnecting' ? event.attempt : context.reconnectAttempt),
    }),
    rememberClose: assign({
      endReason: ({ event, context }) =>
        event.type === 'socket.closed' ? endReasonFor(event.code, context.errorKey) : context.endReason,
    }),
    markMeetingEnded: assign({ endReason: 'meetingEnded' as EndReason, meetingState: 'ended' as MeetingState }),
  },
  guards: {
    meetingEndedMessage: ({ event }) =>
      event.type === 'socket.message' && event.message.type === 'meeting.state' && event.message.state === 'ended',
    readyForEndedMeeting: ({ event }) => event.type === 'socket.ready' && event.ready.state === 'ended',
  },
}).createMachine({
  id: 'liveSubtitles',
  context: ({ input }) => ({
    ...emptyView(),
    input,
    meetingState: null,
    role: null,
    reconnectAttempt: 0,
    endReason: null,
    errorMessage: null,
    errorKey: null,
    castControl: null,
    allowance: null,
  }),
  initial: 'connected',
  states: {
    // One parent state so the socket survives connecting ⇄ live ⇄ reconnecting.
    connected: {
      invoke: { src: 'connection', id: 'connection', input: ({ context }) => context.input },
      initial: 'connecting',
      on: {
        'live.send': { actions: 'forwardToSocket' },
        'live.audio': { actions: 'forwardToSocket' },
        'socket.message': [
          { guard: 'meetingEndedMessage', target: 'ended', actions: ['applyMessage', 'markMeetingEnded'] },
          { actions: 'applyMessage' },
        ],
        'socket.closed': { target: 'ended', actions: 'rememberClose' },
        'socket.reconnecting': { target: '.reconnecting', actions: 'countAttempt' },
        'socket.ready': [
          { guard: 'readyForEndedMeeting', target: 'ended', actions: ['adoptReady', 'markMeetingEnded'] },
          { target: '.live', actions: 'adoptReady' },
        ],
      },
      states: {
        connecting: {},
        live: {},
        reconnecting: {
          on: { 'socket.connecting': {} },
        },
      },
    },
    ended: { type: 'final' },
  },
  output: ({ context }) => ({ meetingState: context.meetingState, endReason: context.endReason }),
});

type Snapshot = { context: LiveSubtitlesContext; status: string; matches(value: unknown): boolean };
export const selectIsReconnecting = (snapshot: Snapshot) => snapshot.matches({ connected: 'reconnecting' });
export const selectIsLive = (snapshot: Snapshot) => snapshot.matches({ connected: 'live' });
/** Still connecting for the first time (not live, not retrying, not ended). */
export const selectIsConnecting = (snapshot: Snapshot) => snapshot.matches({ connected: 'connecting' });
export const selectHasEnded = (snapshot: Snapshot) => snapshot.status === 'done';
export const selectFinals = (snapshot: Snapshot) => snapshot.context.finals;
export const selectPartials = (snapshot: Snapshot) => snapshot.context.partials;
export const selectParticipants = (snapshot: Snapshot) => snapshot.context.participants;
export const selectScreensConnected = (snapshot: Snapshot) => snapshot.context.screens;
export const selectServerMeetingState = (snapshot: Snapshot) => snapshot.context.meetingState;
export const selectSubtitlesError = (snapshot: Snapshot) => snapshot.context.errorMessage;
export const selectCastControl = (snapshot: Snapshot) => snapshot.context.castControl;
export const selectEndReason = (snapshot: Snapshot) => snapshot.context.endReason;
/** The latest lines (a projected screen shows only these). */
export const selectLastFinals = (count: number) => (snapshot: Snapshot) => snapshot.context.finals.slice(-count);
