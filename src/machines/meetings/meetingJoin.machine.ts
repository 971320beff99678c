// A participant of a live meeting (features §2), no account needed: a visitor token, then either
// the join page (the meeting's name and host, a translation language, voice broadcast, join) or,
// once joined, the live subtitles in that language with the voice broadcast. An ended meeting,
// closed sharing or an unknown meeting is 'link expired'.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { socketUrlFor, visitorTokenActor } from './live-connection';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import { getMeeting } from '../../api/meetings/get-meeting';
import type { Meeting } from '../../api/meetings/meeting-types';
import { voiceBroadcastActor } from './voiceBroadcast';

export interface MeetingJoinInput {
  meetingId: string;
  /** Joined already (the live page): the language and voice chosen on the join page. */
  joined?: { language: string; voice: boolean };
  voiceSupported?: boolean;
  /** The live socket's address for a meeting (tests give a fixed one). */
  socketUrl?: (meetingId: string) => string;
}

export interface MeetingJoinContext {
  meetingId: string;
  meeting: Meeting | null;
  language: string;
  voice: boolean;
  voiceSupported: boolean;
  joinedAlready: boolean;
  socketUrl: (meetingId: string) => string;
}

export type MeetingJoinEvent =
  | { type: 'join.language'; language: string }
  | { type: 'join.voice'; on: boolean }
  | { type: 'join.submit' };

/** Sharing closed or the meeting over: the join link no longer leads anywhere. */
export const joinLinkExpired = (meeting: Meeting) => meeting.state === 'ended' || meeting.shareStatus === '0';

export const meetingJoinMachine = setup({
  types: {
    context: {} as MeetingJoinContext,
    events: {} as MeetingJoinEvent,
    input: {} as MeetingJoinInput,
  },
  actors: {
    visitorToken: visitorTokenActor,
    loadMeeting: fromPromise<Meeting, { id: string }>(({ input, signal }) => getMeeting(input.id, signal)),
    liveSubtitles: liveSubtitlesMachine,
    voiceBroadcast: voiceBroadcastActor,
  },
  actions: {
    /** The live page's address for the choice (the route navigates). */
    openLive: (_, _params: { meetingId: string; language: string; voice: boolean }) => undefined,
    adoptMeeting: assign((_, meeting: Meeting) => ({ meeting, language: meeting.translationLanguages[0] ?? '' })),
  },
  guards: {
    noMeetingId: ({ context }) => context.meetingId === '',
    joinedAlready: ({ context }) => context.joinedAlready,
    expired: (_, meeting: Meeting) => joinLinkExpired(meeting),
  },
}).createMachine({
  id: 'meetingJoin',
  context: ({ input }) => ({
    meetingId: input.meetingId,
    meeting: null,
    language: input.joined?.language ?? '',
    voice: input.joined?.voice ?? false,
    voiceSupported: input.voiceSupported ?? (typeof window !== 'undefined' && 'speechSynthesis' in window),
    joinedAlready: Boolean(input.joined),
    socketUrl: input.socketUrl ?? ((meetingId: string) => socketUrlFor(meetingId)),
  }),
  initial: 'authorizing',
  states: {
    // The share pages are public: a signed-out participant gets a visitor token first.
    authorizing: {
      always: { guard: 'noMeetingId', target: 'linkExpired' },
      invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'deciding' },
    },
    deciding: { always: [{ guard: 'joinedAlready', target: 'live' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadMeeting',
        id: 'loadMeeting',
        input: ({ context }) => ({ id: context.meetingId }),
        onDone: [
          { guard: { type: 'expired', params: ({ event }) => event.output }, target: 'linkExpired' },
          { target: 'choosing', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
        ],
        onError: 'linkExpired',
      },
    },
    choosing: {
      on: {
        'join.language': { actions: assign({ language: ({ event }) => event.language }) },
        'join.voice': { guard: ({ context }) => context.voiceSupported, actions: assign({ voice: ({ event }) => event.on }) },
        'join.submit': 'joined',
      },
    },
    joined: {
      type: 'final',
      entry: { type: 'openLive', params: ({ context }) => ({ meetingId: context.meetingId, language: context.language, voice: context.voice }) },
    },
    // The subtitles in the chosen language; the end (meeting ended, link expired) is the child's.
    live: {
      invoke: [
        {
          src: 'liveSubtitles',
          id: 'liveSubtitles',
          input: ({ context }) => ({ socketUrl: context.socketUrl(context.meetingId), translationLanguage: context.language || undefined }),
          onSnapshot: { actions: sendTo('voiceBroadcast', ({ event }) => ({ type: 'voice.lines' as const, finals: event.snapshot?.context?.finals ?? [] })) },
        },
        { src: 'voiceBroadcast', id: 'voiceBroadcast', input: ({ context }) => ({ language: context.language, enabled: context.voice }) },
      ],
    },
    linkExpired: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof meetingJoinMachine>;
export type MeetingJoinStage = 'loading' | 'choosing' | 'joined' | 'live' | 'linkExpired';
export function selectJoinStage(snapshot: Snapshot): MeetingJoinStage {
  if (snapshot.matches('choosing')) return 'choosing';
  if (snapshot.matches('joined')) return 'joined';
  if (snapshot.matches('live')) return 'live';
  if (snapshot.matches('linkExpired')) return 'linkExpired';
  return 'loading';
}
export const selectJoinMeetingName = (snapshot: Snapshot) => snapshot.context.meeting?.name ?? '';
export const selectJoinHostName = (snapshot: Snapshot) => snapshot.context.meeting?.hostName ?? null;
const NO_LANGUAGES: string[] = [];
export const selectJoinLanguages = (snapshot: Snapshot) => snapshot.context.meeting?.translationLanguages ?? NO_LANGUAGES;
export const selectJoinLanguage = (snapshot: Snapshot) => snapshot.context.language;
export const selectJoinVoice = (snapshot: Snapshot) => snapshot.context.voice;
export const selectVoiceSupported = (snapshot: Snapshot) => snapshot.context.voiceSupported;
export const selectParticipantSubtitles = (snapshot: Snapshot) =>
  snapshot.children.liveSubtitles as ActorRefFrom<typeof liveSubtitlesMachine> | undefined;
