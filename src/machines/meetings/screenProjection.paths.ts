// Path model of the projection display. The resolve double knows code 123456 (meeting m1, in
// progress), 222222 (meeting m2, ended) and 333333 (a meeting that cannot be read); any other code
// is expired. The socket double ends by itself after a minute (the meeting ended); the host's
// controls arrive as its snapshots.
import { createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { Meeting, ScreenCode } from '../../api/meetings/meeting-types';
import type { LiveCastControlMessage } from './liveSubtitles.machine';
import { screenProjectionMachine, type ScreenProjectionContext, type ScreenProjectionInput } from './screenProjection.machine';

const meeting = (id: string, state: Meeting['state']): Meeting => ({
  id,
  name: 'Weekly sync',
  state,
  shareStatus: '1',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES', 'zh-CN'],
  createTime: '2025-01-01T00:00:00Z',
  subtitleStyle: { fontSize: 24, color: '#ffffff', backgroundColor: '#000000', position: 'bottom', lines: 2, display: 'bilingual' },
});
export const SCREENS: Record<string, { screen: ScreenCode; meeting: Meeting }> = {
  '123456': { screen: { code: '123456', meetingId: 'm1', url: '/cast/123456', expireTime: '2030-01-01T00:00:00Z' }, meeting: meeting('m1', 'in_progress') },
  '222222': { screen: { code: '222222', meetingId: 'm2', url: '/cast/222222', expireTime: '2030-01-01T00:00:00Z' }, meeting: meeting('m2', 'ended') },
};
const UNREADABLE: ScreenCode = { code: '333333', meetingId: 'm3', url: '/cast/333333', expireTime: '2030-01-01T00:00:00Z' };
const screenOf = (code: string) => SCREENS[code]?.screen ?? (code === UNREADABLE.code ? UNREADABLE : null);
const EXPIRED = { kind: 'business', code: 410, message: 'Link expired' };

export const screenProjectionDoubles = {
  visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
  resolveCode: fromPromise<ScreenCode, { code: string }>(async ({ input }) => {
    const found = screenOf(input.code);
    if (!found) throw EXPIRED;
    return found;
  }),
  loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    const found = Object.values(SCREENS).find((s) => s.meeting.id === input.id);
    if (!found) throw EXPIRED;
    return found.meeting;
  }),
  liveSubtitles: createMachine({
    id: 'liveSubtitlesDouble',
    initial: 'live',
    states: { live: { after: { 60_000: 'ended' } }, ended: { type: 'final' } },
    output: () => ({ meetingState: 'ended', endReason: 'meetingEnded' }),
  }),
};

export const control = (seq: number, action: LiveCastControlMessage['action'], code: string | null, extra: Partial<LiveCastControlMessage> = {}): LiveCastControlMessage => ({
  type: 'cast.control',
  seq,
  action,
  code,
  ...extra,
});

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ScreenProjectionContext;
const socketUrl = (id: string, name: string) => `ws://test/${id}?name=${name}`;
// Each sample is a new message object, so it is new to the screen.
const controlSnapshot = (_snapshot: AnyMachineSnapshot, message: Omit<LiveCastControlMessage, 'seq'>) => ({
  type: 'xstate.snapshot.liveSubtitles',
  snapshot: { context: { finals: [], castControl: { ...message, seq: 1 } } },
});

export const pathsModel: PathsModel = {
  name: 'screenProjection',
  machine: screenProjectionMachine.provide({ actors: screenProjectionDoubles as never }),
  inputs: ['123456', '222222', '333333', '999999'].map((code): ScreenProjectionInput => ({ code, socketUrl, screenName: `Screen ${code}` })),
  serializeContext: (context: ScreenProjectionContext) => ({ code: context.code, language: context.language, fontSize: context.fontSize }),
  events: {
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'xstate.done.actor.resolveCode': (snapshot) => {
      const found = screenOf(ctx(snapshot).code);
      return found ? [{ type: 'xstate.done.actor.resolveCode', output: found }] : [];
    },
    'xstate.error.actor.resolveCode': (snapshot) => (screenOf(ctx(snapshot).code) ? [] : [{ type: 'xstate.error.actor.resolveCode', error: EXPIRED }]),
    'xstate.done.actor.loadMeeting': (snapshot) => {
      const found = SCREENS[ctx(snapshot).code];
      return found ? [{ type: 'xstate.done.actor.loadMeeting', output: found.meeting }] : [];
    },
    'xstate.error.actor.loadMeeting': (snapshot) => (SCREENS[ctx(snapshot).code] ? [] : [{ type: 'xstate.error.actor.loadMeeting', error: EXPIRED }]),
    'xstate.snapshot.liveSubtitles': (snapshot) => [
      controlSnapshot(snapshot, { type: 'cast.control', action: 'pause', code: ctx(snapshot).code }),
      controlSnapshot(snapshot, { type: 'cast.control', action: 'resume', code: null }),
      controlSnapshot(snapshot, { type: 'cast.control', action: 'style', code: ctx(snapshot).code, translationLanguage: 'zh-CN', fontSize: 64 }),
      controlSnapshot(snapshot, { type: 'cast.control', action: 'connect', code: ctx(snapshot).code }),
      controlSnapshot(snapshot, { type: 'cast.control', action: 'disconnect', code: ctx(snapshot).code }),
      // Another screen's control is not this one's.
      controlSnapshot(snapshot, { type: 'cast.control', action: 'disconnect', code: '000000' }),
    ],
    'xstate.done.actor.liveSubtitles': [{ type: 'xstate.done.actor.liveSubtitles', output: { meetingState: 'ended', endReason: 'meetingEnded' } }],
    // Raised from the snapshots above only.
    'screen.control': [],
  },
};
