// Path model of a participant. The meeting double knows "m-open" (sharing open, in progress),
// "m-closed" (sharing closed) and "m-ended"; any other id fails to load. The visitor token arrives
// at once; the live socket is the real subtitles machine on a silent connection, and the voice is
// silent too. A start with the choice already made (the live page) goes straight to live.
import { fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
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

export const meetingJoinDoubles = {
  visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
  loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    const found = JOINABLE[input.id];
    if (!found) throw NOT_FOUND;
    return found;
  }),
  liveSubtitles: liveSubtitlesMachine.provide({ actors: { connection: fromCallback(() => () => undefined) } }),
  voiceBroadcast: fromCallback(() => () => undefined),
};

const idOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as MeetingJoinContext).meetingId;
const socketUrl = (id: string, name: string) => `ws://test/${id}?name=${name}`;

export const pathsModel: PathsModel = {
  name: 'meetingJoin',
  machine: meetingJoinMachine.provide({ actors: meetingJoinDoubles as never }),
  inputs: [
    ...['m-open', 'm-closed', 'm-ended', 'm-gone', ''].map((meetingId): MeetingJoinInput => ({ meetingId, voiceSupported: true, socketUrl, rememberedName: 'Ana' })),
    { meetingId: 'm-open', voiceSupported: false, socketUrl, rememberedName: '' },
    { meetingId: 'm-open', joined: { language: 'es-ES', voice: true, name: 'Ana' }, voiceSupported: true, socketUrl },
    { meetingId: 'm-ended', joined: { language: 'es-ES', voice: false }, voiceSupported: true, socketUrl, rememberedName: '' },
  ],
  serializeContext: (context: MeetingJoinContext) => ({ language: context.language, voice: context.voice, name: context.name }),
  events: {
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'xstate.done.actor.loadMeeting': (snapshot) => {
      const found = JOINABLE[idOf(snapshot)];
      return found ? [{ type: 'xstate.done.actor.loadMeeting', output: found }] : [];
    },
    'xstate.error.actor.loadMeeting': (snapshot) => (JOINABLE[idOf(snapshot)] ? [] : [{ type: 'xstate.error.actor.loadMeeting', error: NOT_FOUND }]),
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
