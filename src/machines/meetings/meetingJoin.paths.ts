// Path model of a participant. The meeting double knows "m-open" (sharing open, in progress),
// "m-closed" (sharing closed) and "m-ended"; any other id fails to load. The visitor token arrives
// at once; the live socket is the real subtitles machine on a silent connection, and the voice is
// silent too. A start with the choice already made (the live page) goes straight to live. The
// invitation "i-open" admits to "m-open" (sharing closed or not); any other code is unavailable.
import { fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import type { Meeting, MeetingState } from '../../api/meetings/meeting-types';
import { meetingJoinMachine, type MeetingJoinContext, type MeetingJoinInput } from './meetingJoin.machine';

const meeting = (id: string, state: MeetingState, shareStatus: '0' | '1'): Meeting => ({
  id,
  name: 'Weekly sync',
  hostName: 'Ana',
  state,
  shareStatus,
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES', 'zh-CN'],
  createTime: '2025-01-01T00:00:00Z',
  subtitleStyle: { fontSize: 30, color: '#ffffff', backgroundColor: '#000000', position: 'bottom', lines: 2, display: 'translation' },
});
export const JOINABLE: Record<string, Meeting> = {
  'm-open': meeting('m-open', 'in_progress', '1'),
  'm-closed': meeting('m-closed', 'in_progress', '0'),
  'm-ended': meeting('m-ended', 'ended', '1'),
};
const NOT_FOUND = { kind: 'business', code: 404, message: 'Not found' };
export const INVITES: Record<string, Meeting> = { 'i-open': { ...JOINABLE['m-closed']!, id: 'm-open' } };
const INVITE_UNAVAILABLE = { kind: 'business', code: 410, message: 'This invitation is closed or has expired.' };

export const meetingJoinDoubles = {
  visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
  loadMeeting: fromPromise<Meeting, { id: string; invite?: string }>(async ({ input }) => {
    if (input.invite) {
      const invited = INVITES[input.invite];
      if (!invited) throw INVITE_UNAVAILABLE;
      return invited;
    }
    const found = JOINABLE[input.id];
    if (!found) throw NOT_FOUND;
    return found;
  }),
  liveSubtitles: liveSubtitlesMachine.provide({ actors: { connection: fromCallback(() => () => undefined) } }),
  voiceBroadcast: fromCallback(() => () => undefined),
};

/** What the double answers the load of this snapshot's meeting or invitation (undefined: it refuses). */
const loaded = (snapshot: AnyMachineSnapshot) => {
  const { meetingId, invite } = snapshot.context as MeetingJoinContext;
  return invite ? INVITES[invite] : JOINABLE[meetingId];
};
const refusalOf = (snapshot: AnyMachineSnapshot) => ((snapshot.context as MeetingJoinContext).invite ? INVITE_UNAVAILABLE : NOT_FOUND);
const socketUrl = (id: string, name: string, invite?: string) => `ws://test/${id}?name=${name}&invite=${invite ?? ''}`;

export const pathsModel: PathsModel = {
  name: 'meetingJoin',
  machine: meetingJoinMachine.provide({ actors: meetingJoinDoubles as never }),
  inputs: [
    ...['m-open', 'm-closed', 'm-ended', 'm-gone', ''].map((meetingId): MeetingJoinInput => ({ meetingId, voiceSupported: true, socketUrl, rememberedName: 'Ana' })),
    { meetingId: 'm-open', voiceSupported: false, socketUrl, rememberedName: '' },
    { meetingId: 'm-open', joined: { language: 'es-ES', voice: true, name: 'Ana' }, voiceSupported: true, socketUrl },
    { meetingId: 'm-ended', joined: { language: 'es-ES', voice: false }, voiceSupported: true, socketUrl, rememberedName: '' },
    // By invitation: the join page, the live page after it, and a closed or unknown code.
    ...['i-open', 'i-closed'].map((invite): MeetingJoinInput => ({ meetingId: '', invite, voiceSupported: true, socketUrl, rememberedName: 'Ana' })),
    { meetingId: 'm-open', invite: 'i-open', joined: { language: 'zh-CN', voice: false, name: 'Mei' }, voiceSupported: true, socketUrl },
  ],
  serializeContext: (context: MeetingJoinContext) => ({ language: context.language, voice: context.voice, name: context.name, invite: context.invite }),
  events: {
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'xstate.done.actor.loadMeeting': (snapshot) => {
      const found = loaded(snapshot);
      return found ? [{ type: 'xstate.done.actor.loadMeeting', output: found }] : [];
    },
    'xstate.error.actor.loadMeeting': (snapshot) => (loaded(snapshot) ? [] : [{ type: 'xstate.error.actor.loadMeeting', error: refusalOf(snapshot) }]),
    'xstate.snapshot.liveSubtitles': [
      {
        type: 'xstate.snapshot.liveSubtitles',
        snapshot: { context: { finals: [{ segmentId: 's1', startMs: 0, endMs: 500, text: 'hello', translations: { 'es-ES': 'hola' }, translationErrors: {}, final: true }] } },
      },
    ],
    'join.language': [
      { type: 'join.language', language: 'zh-CN' },
      { type: 'join.language', language: 'fr-FR' },
    ],
    'join.name': [{ type: 'join.name', name: 'Lucía' }],
    'join.voice': [
      { type: 'join.voice', on: true },
      { type: 'join.voice', on: false },
    ],
  },
};
