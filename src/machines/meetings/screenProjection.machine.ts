// The projection display (features §2, §6: multi-screen casting), /screenProjection?code=: what a
// TV or projector shows. The code is resolved to its meeting, the meeting is read for the host's
// subtitle style and languages, then the subtitles run full screen (the liveSubtitles child
// reconnects by itself). The host steers each screen by its code (screenOperation → cast.control):
// pause (the display holds still) and resume, the screen's language and font size, disconnect.
// An expired code or an ended meeting is 'link expired'.
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { lookOf, type SubtitleLook } from '../../shared/contract/meeting';
import { getMeeting } from '../../api/meetings/get-meeting';
import { resolveCastCode } from '../../api/meetings/get-network-link';
import type { Meeting, ScreenCode } from '../../api/meetings/meeting-types';
import { socketUrlFor, visitorTokenActor } from './live-connection';
import { liveSubtitlesMachine, type LiveCastControlMessage } from './liveSubtitles.machine';

export interface ScreenProjectionInput {
  code: string;
  /** The socket address of a meeting, with the name the host's list shows for this screen. */
  socketUrl?: (meetingId: string, name: string) => string;
  /** How the host's list names this screen (translated by the route). */
  screenName?: string;
}

export interface ScreenProjectionContext {
  code: string;
  screenName: string;
  socketUrl: (meetingId: string, name: string) => string;
  screen: ScreenCode | null;
  meeting: Meeting | null;
  /** The translation shown ('' = the original only). */
  language: string;
  /** The host's font size for this screen (null: the meeting's style). */
  fontSize: number | null;
  /** The last cast.control seen: the socket's context keeps the same object until another comes, so each is acted on once. */
  lastControl: LiveCastControlMessage | null;
  /** How many finals the display holds while paused (null: not paused). */
  heldFinals: number | null;
  finalsSeen: number;
}

export type ScreenProjectionEvent = { type: 'screen.control'; control: LiveCastControlMessage };

/** The language a screen starts with: none when the host shows originals only, else the first. */
export function initialScreenLanguage(meeting: Meeting): string {
  return meeting.subtitleStyle?.display === 'original' ? '' : (meeting.translationLanguages[0] ?? '');
}

export const screenProjectionMachine = setup({
  types: {
    context: {} as ScreenProjectionContext,
    events: {} as ScreenProjectionEvent,
    input: {} as ScreenProjectionInput,
  },
  actors: {
    visitorToken: visitorTokenActor,
    resolveCode: fromPromise<ScreenCode, { code: string }>(({ input, signal }) => resolveCastCode(input.code, signal)),
    loadMeeting: fromPromise<Meeting, { id: string }>(({ input, signal }) => getMeeting(input.id, signal)),
    liveSubtitles: liveSubtitlesMachine,
  },
  actions: {
    // A cast.control for this screen (or every screen) not acted on yet becomes a screen.control.
    takeControl: enqueueActions(({ context, enqueue }, snapshot: { finals: number; control: LiveCastControlMessage | null }) => {
      enqueue.assign({ finalsSeen: snapshot.finals });
      const control = snapshot.control;
      if (!control || control === context.lastControl) return;
      enqueue.assign({ lastControl: control });
      if (control.code === null || control.code === undefined || control.code === context.code) enqueue.raise({ type: 'screen.control', control });
    }),
    restyle: enqueueActions(({ context, enqueue }, control: LiveCastControlMessage) => {
      const fontSize = control.fontSize ?? control.preset?.fontSize;
      if (fontSize) enqueue.assign({ fontSize });
      const language = control.translationLanguage;
      if (language === undefined || language === null || language === context.language) return;
      enqueue.assign({ language });
      // '' (original only) keeps reading the old language's lines but shows none of them.
      if (language) enqueue.sendTo('liveSubtitles', { type: 'live.send', message: { type: 'subscribe', translationLanguage: language } });
    }),
  },
  guards: {
    controlIs: ({ event }, action: LiveCastControlMessage['action']) => event.control.action === action,
    meetingOver: (_, meeting: Meeting) => meeting.state === 'ended',
  },
}).createMachine({
  id: 'screenProjection',
  context: ({ input }) => ({
    code: input.code,
    screenName: input.screenName ?? input.code,
    // The cast code rides along: the server then counts this display as a screen, not a participant.
    socketUrl: input.socketUrl ?? ((meetingId: string, name: string) => socketUrlFor(meetingId, window.location.origin, { name, screen: input.code })),
    screen: null,
    meeting: null,
    language: '',
    fontSize: null,
    lastControl: null,
    heldFinals: null,
    finalsSeen: 0,
  }),
  initial: 'authorizing',
  states: {
    authorizing: { invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'resolving' } },
    resolving: {
      invoke: {
        src: 'resolveCode',
        id: 'resolveCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'loading', actions: assign({ screen: ({ event }) => event.output }) },
        onError: 'linkExpired',
      },
    },
    loading: {
      invoke: {
        src: 'loadMeeting',
        id: 'loadMeeting',
        input: ({ context }) => ({ id: context.screen!.meetingId }),
        onDone: [
          { guard: { type: 'meetingOver', params: ({ event }) => event.output }, target: 'linkExpired' },
          { target: 'projecting', actions: assign({ meeting: ({ event }) => event.output, language: ({ event }) => initialScreenLanguage(event.output) }) },
        ],
        onError: 'linkExpired',
      },
    },
    projecting: {
      invoke: {
        src: 'liveSubtitles',
        id: 'liveSubtitles',
        input: ({ context }) => ({
          socketUrl: context.socketUrl(context.screen!.meetingId, context.screenName),
          ...(context.language ? { translationLanguage: context.language } : {}),
        }),
        onSnapshot: {
          actions: {
            type: 'takeControl',
            params: ({ event }) => ({ finals: event.snapshot.context?.finals?.length ?? 0, control: event.snapshot.context?.castControl ?? null }),
          },
        },
        // The socket ended: the meeting ended or sharing closed.
        onDone: 'linkExpired',
      },
      on: {
        'screen.control': [
          { guard: { type: 'controlIs', params: 'style' }, actions: { type: 'restyle', params: ({ event }) => event.control } },
          { guard: { type: 'controlIs', params: 'disconnect' }, target: 'disconnected' },
          { guard: { type: 'controlIs', params: 'pause' }, target: '.paused' },
          { guard: { type: 'controlIs', params: 'resume' }, target: '.showing' },
          // connect: the screen is already showing.
          {},
        ],
      },
      initial: 'showing',
      states: {
        showing: {},
        // The display holds the lines it had; new ones wait until the host resumes.
        paused: { entry: assign({ heldFinals: ({ context }) => context.finalsSeen }), exit: assign({ heldFinals: null }) },
      },
    },
    disconnected: { type: 'final' },
    linkExpired: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof screenProjectionMachine>;
export type ScreenProjectionStage = 'connecting' | 'showing' | 'paused' | 'disconnected' | 'linkExpired';
export function selectProjectionStage(snapshot: Snapshot): ScreenProjectionStage {
  if (snapshot.matches({ projecting: 'paused' })) return 'paused';
  if (snapshot.matches('projecting')) return 'showing';
  if (snapshot.matches('disconnected')) return 'disconnected';
  if (snapshot.matches('linkExpired')) return 'linkExpired';
  return 'connecting';
}
export const selectProjectionSubtitles = (snapshot: Snapshot) =>
  snapshot.children.liveSubtitles as ActorRefFrom<typeof liveSubtitlesMachine> | undefined;
/** The host's style, with the size the host chose for this screen. */
export const selectProjectionLook = (snapshot: Snapshot): SubtitleLook => {
  const look = lookOf(snapshot.context.meeting?.subtitleStyle);
  const display = snapshot.context.language ? look.display : 'original';
  return { ...look, display, fontSize: snapshot.context.fontSize ?? Math.max(look.fontSize * 2, 40) };
};
export const selectProjectionLanguage = (snapshot: Snapshot) => snapshot.context.language;
export const selectProjectionSpokenLanguage = (snapshot: Snapshot) => snapshot.context.meeting?.recognitionLanguages[0] ?? '';
export const selectHeldFinals = (snapshot: Snapshot) => snapshot.context.heldFinals;
export const selectProjectionMeetingName = (snapshot: Snapshot) => snapshot.context.meeting?.name ?? '';
