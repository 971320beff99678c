// A participant of a live meeting (features §2), no account needed: a visitor token, then either
// the join page (the meeting's name and host, the participant's name — remembered on this device —,
// a translation language, voice broadcast, join) or, once joined, the live subtitles in that
// language, in the host's subtitle style, with the voice broadcast; language and voice can be
// changed live. An ended meeting, closed sharing or an unknown meeting is 'link expired'. With an
// invitation code (issue 16 §3) the meeting is read through the invitation instead, which admits
// whatever the share link's state; a closed, expired or unknown invitation is 'invite unavailable'.
import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { PARTICIPANT_NAME_MAX } from '../../shared/contract/limits';
import { lookOf } from '../../shared/contract/meeting';
import { MeetingLanguages } from '../../shared/contract/meeting-languages';
import { readParticipantName, writeParticipantName } from '../../shared/session-storage';
import { socketUrlFor, visitorTokenActor } from './live-connection';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import { getMeeting } from '../../api/meetings/get-meeting';
import { openInvite } from '../../api/meetings/open-invite';
import type { Meeting } from '../../api/meetings/meeting-types';
import { voiceBroadcastActor } from './voice-broadcast';

export interface MeetingJoinInput {
  meetingId: string;
  /** The invitation code the link carries (the meeting id then comes from the invitation). */
  invite?: string;
  /** Joined already (the live page): the language, voice and name chosen on the join page. */
  joined?: { language: string; voice: boolean; name?: string };
  voiceSupported?: boolean;
  /** The name this device remembers (default: read from local storage). */
  rememberedName?: string;
  /** The live socket's address for a meeting, with the participant's name and invitation code (tests give a fixed one). */
  socketUrl?: (meetingId: string, name: string, invite?: string) => string;
}

export interface MeetingJoinContext {
  meetingId: string;
  invite: string;
  meeting: Meeting | null;
  language: string;
  voice: boolean;
  name: string;
  voiceSupported: boolean;
  joinedAlready: boolean;
  socketUrl: (meetingId: string, name: string, invite?: string) => string;
}

export type MeetingJoinEvent =
  | { type: 'join.language'; language: string }
  | { type: 'join.voice'; on: boolean }
  | { type: 'join.name'; name: string }
  | { type: 'join.submit' };

const cutName = (name: string) => [...name].slice(0, PARTICIPANT_NAME_MAX).join('');

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
    loadMeeting: fromPromise<Meeting, { id: string; invite?: string }>(({ input, signal }) =>
      input.invite ? openInvite(input.invite, signal) : getMeeting(input.id, signal),
    ),
    liveSubtitles: liveSubtitlesMachine,
    voiceBroadcast: voiceBroadcastActor,
  },
  actions: {
    /** The live page's address for the choice (the route navigates). */
    openLive: (_, _params: { meetingId: string; language: string; voice: boolean; name: string; invite?: string }) => undefined,
    /** The live page's address follows a language switch, so a reload keeps it (the route replaces it). */
    showLanguage: (_, _params: { language: string; voice: boolean }) => undefined,
    rememberName: ({ context }) => writeParticipantName(context.name.trim()),
    adoptMeeting: assign(({ context }, meeting: Meeting) => ({
      meeting,
      // An invitation names its meeting.
      meetingId: meeting.id || context.meetingId,
      // The live page keeps the language it was given when the meeting still offers it.
      language: MeetingLanguages.of(meeting).choose(context.joinedAlready ? context.language : null),
    })),
    switchLanguage: enqueueActions(({ enqueue }, language: string) => {
      enqueue.assign({ language });
      enqueue.sendTo('liveSubtitles', { type: 'live.send', message: { type: 'subscribe', translationLanguage: language } });
      enqueue.sendTo('voiceBroadcast', { type: 'voice.language', language });
    }),
    switchVoice: enqueueActions(({ enqueue }, on: boolean) => {
      enqueue.assign({ voice: on });
      enqueue.sendTo('voiceBroadcast', { type: 'voice.enabled', on });
    }),
  },
  guards: {
    noMeetingId: ({ context }) => context.meetingId === '' && context.invite === '',
    joinedAlready: ({ context }) => context.joinedAlready,
    /** The share link's rule; an invitation was checked by the server as it was read (only the end is left). */
    expired: ({ context }, meeting: Meeting) => (context.invite ? meeting.state === 'ended' : joinLinkExpired(meeting)),
    byInvitation: ({ context }) => context.invite !== '',
    /** A live switch to another language the meeting offers. */
    newLanguage: ({ context }, language: string) => language !== context.language && Boolean(context.meeting && MeetingLanguages.of(context.meeting).offers(language)),
  },
}).createMachine({
  id: 'meetingJoin',
  context: ({ input }) => ({
    meetingId: input.meetingId,
    invite: input.invite ?? '',
    meeting: null,
    language: input.joined?.language ?? '',
    voice: input.joined?.voice ?? false,
    name: cutName(input.joined?.name ?? input.rememberedName ?? readParticipantName() ?? ''),
    voiceSupported: input.voiceSupported ?? (typeof window !== 'undefined' && 'speechSynthesis' in window),
    joinedAlready: Boolean(input.joined),
    socketUrl: input.socketUrl ?? ((meetingId: string, name: string, invite?: string) => socketUrlFor(meetingId, window.location.origin, { name, ...(invite ? { invite } : {}) })),
  }),
  initial: 'authorizing',
  states: {
    // The share pages are public: a signed-out participant gets a visitor token first.
    authorizing: {
      always: { guard: 'noMeetingId', target: 'linkExpired' },
      invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'deciding' },
    },
    // The live page loads the meeting too: its languages (to switch) and its subtitle style.
    deciding: { always: 'loading' },
    loading: {
      invoke: {
        src: 'loadMeeting',
        id: 'loadMeeting',
        input: ({ context }) => ({ id: context.meetingId, ...(context.invite ? { invite: context.invite } : {}) }),
        onDone: [
          { guard: { type: 'expired', params: ({ event }) => event.output }, target: 'linkExpired' },
          { guard: 'joinedAlready', target: 'live', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
          { target: 'choosing', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
        ],
        onError: [{ guard: 'byInvitation', target: 'inviteUnavailable' }, { target: 'linkExpired' }],
      },
    },
    choosing: {
      on: {
        'join.language': { actions: assign({ language: ({ event }) => event.language }) },
        'join.voice': { guard: ({ context }) => context.voiceSupported, actions: assign({ voice: ({ event }) => event.on }) },
        'join.name': { actions: assign({ name: ({ event }) => cutName(event.name) }) },
        'join.submit': { target: 'joined', actions: 'rememberName' },
      },
    },
    joined: {
      type: 'final',
      entry: {
        type: 'openLive',
        params: ({ context }) => ({
          meetingId: context.meetingId,
          language: context.language,
          voice: context.voice,
          name: context.name.trim(),
          ...(context.invite ? { invite: context.invite } : {}),
        }),
      },
    },
    // The subtitles in the chosen language; the end (meeting ended, link expired) is the child's.
    live: {
      invoke: [
        {
          src: 'liveSubtitles',
          id: 'liveSubtitles',
          input: ({ context }) => ({
            socketUrl: context.socketUrl(context.meetingId, context.name.trim(), context.invite || undefined),
            translationLanguage: context.language || undefined,
          }),
          onSnapshot: { actions: sendTo('voiceBroadcast', ({ event }) => ({ type: 'voice.lines' as const, finals: event.snapshot?.context?.finals ?? [] })) },
        },
        { src: 'voiceBroadcast', id: 'voiceBroadcast', input: ({ context }) => ({ language: context.language, enabled: context.voice }) },
      ],
      on: {
        'join.language': {
          guard: { type: 'newLanguage', params: ({ event }) => event.language },
          actions: [{ type: 'switchLanguage', params: ({ event }) => event.language }, { type: 'showLanguage', params: ({ context }) => ({ language: context.language, voice: context.voice }) }],
        },
        'join.voice': {
          guard: ({ context }) => context.voiceSupported,
          actions: [{ type: 'switchVoice', params: ({ event }) => event.on }, { type: 'showLanguage', params: ({ context }) => ({ language: context.language, voice: context.voice }) }],
        },
      },
    },
    linkExpired: { type: 'final' },
    // The invitation is closed, has expired or was never one: said as such, in the page's language.
    inviteUnavailable: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof meetingJoinMachine>;
export type MeetingJoinActor = ActorRefFrom<typeof meetingJoinMachine>;
export type MeetingJoinStage = 'loading' | 'choosing' | 'joined' | 'live' | 'linkExpired' | 'inviteUnavailable';
export function selectJoinStage(snapshot: Snapshot): MeetingJoinStage {
  if (snapshot.matches('choosing')) return 'choosing';
  if (snapshot.matches('joined')) return 'joined';
  if (snapshot.matches('live')) return 'live';
  if (snapshot.matches('linkExpired')) return 'linkExpired';
  if (snapshot.matches('inviteUnavailable')) return 'inviteUnavailable';
  return 'loading';
}
export const selectJoinMeetingName = (snapshot: Snapshot) => snapshot.context.meeting?.name ?? '';
export const selectJoinHostName = (snapshot: Snapshot) => snapshot.context.meeting?.hostName ?? null;
const NO_LANGUAGES: string[] = [];
export const selectJoinLanguages = (snapshot: Snapshot) => snapshot.context.meeting?.translationLanguages ?? NO_LANGUAGES;
export const selectJoinLanguage = (snapshot: Snapshot) => snapshot.context.language;
/** The language the meeting is spoken in (its readers need no translation of it). */
export const selectJoinSpokenLanguage = (snapshot: Snapshot) => snapshot.context.meeting?.recognitionLanguages[0] ?? '';
export const selectJoinVoice = (snapshot: Snapshot) => snapshot.context.voice;
export const selectVoiceSupported = (snapshot: Snapshot) => snapshot.context.voiceSupported;
export const selectJoinName = (snapshot: Snapshot) => snapshot.context.name;
/** How the host set subtitles to look (participants read them that way). */
export const selectJoinLook = (snapshot: Snapshot) => lookOf(snapshot.context.meeting?.subtitleStyle);
export const selectParticipantSubtitles = (snapshot: Snapshot) =>
  snapshot.children.liveSubtitles as ActorRefFrom<typeof liveSubtitlesMachine> | undefined;
