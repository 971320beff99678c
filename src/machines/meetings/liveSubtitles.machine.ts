// Live subtitles of one meeting for the host, a participant or a cast screen (features §2, §4):
// connecting → live ⇄ reconnecting (the socket resumes from its last seq) → ended.
// 'ended' keeps why: the meeting ended, the link expired (sharing closed), or a fatal error.
import type { Observable } from 'rxjs';
import { assign, fromCallback, setup } from 'xstate';
import {
  liveSocket$,
  type LiveClientMessage,
  type LiveReady,
  type LiveServerMessage,
  type LiveSocketEvent,
} from '../../streams/socket$';
import { applyLiveMessage, emptyView, type SubtitleView } from './liveSubtitles.lines';
import type { MeetingState } from '../../api/meetings/meeting-types';

export type EndReason = 'meetingEnded' | 'linkExpired' | 'notFound' | 'unauthorized' | 'failed';

export interface LiveSubtitlesInput {
  socketUrl: string;
  /** Participants only: the translation language they read. */
  translationLanguage?: string;
  outgoing$?: Observable<LiveClientMessage>;
  audio$?: Observable<ArrayBuffer>;
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
}

export type LiveSubtitlesEvent = LiveSocketEvent;

// Close codes of fatal errors are 4000 + the error's code (contract LiveError).
export function endReasonFor(closeCode: number, lastErrorKey: string | null): EndReason {
  if (closeCode === 4410) return lastErrorKey === 'live.meetingEnded' ? 'meetingEnded' : 'linkExpired';
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
  },
  actors: {
    connection: fromCallback<LiveSubtitlesEvent, LiveSubtitlesInput>(({ input, sendBack }) => {
      const subscription = liveSocket$({
        url: input.socketUrl,
        outgoing$: input.outgoing$,
        audio$: input.audio$,
        afterReady: () =>
          input.translationLanguage ? [{ type: 'subscribe', translationLanguage: input.translationLanguage }] : [],
      }).subscribe({ next: (event) => sendBack(event) });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    applyMessage: assign(({ context, event }) => {
      if (event.type !== 'socket.message') return {};
      const message: LiveServerMessage = event.message;
      const view = applyLiveMessage(context, message);
      const extra: Partial<LiveSubtitlesContext> = {};
      if (message.type === 'meeting.state') extra.meetingState = message.state;
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
  }),
  initial: 'connected',
  states: {
    // One parent state so the socket survives connecting ⇄ live ⇄ reconnecting.
    connected: {
      invoke: { src: 'connection', id: 'connection', input: ({ context }) => context.input },
      initial: 'connecting',
      on: {
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
});

type Snapshot = { context: LiveSubtitlesContext; matches(value: unknown): boolean };
export const selectIsReconnecting = (snapshot: Snapshot) => snapshot.matches({ connected: 'reconnecting' });
export const selectIsLive = (snapshot: Snapshot) => snapshot.matches({ connected: 'live' });
