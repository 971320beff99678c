// Path model of the host's meeting. The children are doubles: the meeting stays still (the replay
// sends the snapshots a real one would report: in setup, live in progress or paused, ended); the
// setup submits a valid draft after a second; the socket and the microphone are the real machines
// with silent connections; the summary and the invitation idle (meetingInvite has its own model).
// The sharing, cast-code and copy calls answer after a second each (distinct delays, so one
// settles at a time).
import { createMachine, fromCallback, fromPromise, matchesState, type AnyMachineSnapshot, type StateValue } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { Meeting, MeetingState, ScreenCode } from '../../api/meetings/meeting-types';
import type { MeetingContext } from './meeting.machine';
import { DEFAULT_MEETING_CONFIG } from './meetingSetup.rules';
import type { MeetingSetupOutput } from './meetingSetup.machine';
import { hostMeetingMachine } from './hostMeeting.machine';
import type { HostMeetingContext, HostMeetingInput } from './hostMeeting.types';
import { recordingMachine } from './recording.machine';

export const MEETING: Meeting = {
  id: 'm1',
  name: 'Weekly sync',
  state: 'in_progress',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES'],
  createTime: '2025-01-01T00:00:00Z',
  shareStatus: '1',
  shareUrl: '/meetingShare?meetingId=m1',
  transId: 't1',
};
/** A meeting whose sharing, cast-code and copy calls are refused. */
export const REFUSING: Meeting = { ...MEETING, id: 'm2', shareUrl: '/meetingShare?meetingId=m2' };
const REFUSED = { kind: 'business', code: 500, message: 'Refused' };
const refused = (meetingIdOrText: string) => meetingIdOrText === 'm2' || meetingIdOrText.endsWith('meetingId=m2');
const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(REFUSED) : resolve(value)), ms));

export const DRAFT: MeetingSetupOutput = {
  config: { ...DEFAULT_MEETING_CONFIG, termsAccepted: true, translationLanguages: ['es-ES'] },
  languages: { recognition: ['en-US'], translation: ['es-ES'] },
};
export const CAST: ScreenCode = { code: '123456', meetingId: 'm1', url: '/cast/123456', expireTime: '2030-01-01T00:00:00Z' };

/** A meeting snapshot as the meeting child reports it (what the host reads of it). */
export function meetingSnapshot(value: StateValue, meeting: Meeting | null = MEETING, error: string | null = null) {
  const context: MeetingContext = {
    config: DEFAULT_MEETING_CONFIG,
    meeting,
    errorMessage: error,
    errorKey: null,
    sendControl: () => undefined,
    now: () => 0,
    elapsedBeforeMs: 0,
    runningSinceMs: null,
  };
  return { value, context, status: value === 'ended' ? 'done' : 'active', matches: (parent: StateValue) => matchesState(parent, value) };
}

export const hostMeetingDoubles = {
  // Still, until it ends by itself after ten minutes (as a meeting ended elsewhere would).
  meeting: createMachine({
    id: 'meetingDouble',
    context: meetingSnapshot('ended', { ...MEETING, state: 'ended' }).context,
    initial: 'waiting',
    states: { waiting: { after: { 600_000: 'ended' } }, ended: { type: 'final' } },
    output: () => ({ meeting: { ...MEETING, state: 'ended' }, elapsedBeforeMs: 0 }),
  }),
  meetingSetup: createMachine({
    id: 'meetingSetupDouble',
    initial: 'editing',
    states: { editing: { after: { 1000: 'submitted' } }, submitted: { type: 'final' } },
    output: () => DRAFT,
  }),
  liveSubtitles: createMachine({
    id: 'liveSubtitlesDouble',
    initial: 'live',
    states: { live: { after: { 900_000: 'ended' } }, ended: { type: 'final' } },
    output: () => ({ meetingState: 'ended', endReason: 'meetingEnded' }),
  }),
  recording: recordingMachine.provide({ actors: { microphone: fromCallback(() => () => undefined) } }),
  meetingSummary: createMachine({ id: 'summaryDouble' }),
  meetingInvite: createMachine({ id: 'inviteDouble' }),
  clock: fromCallback(() => () => undefined),
  setSharing: fromPromise<Meeting, { meetingId: string; open: boolean }>(({ input }) =>
    later(1000, { ...MEETING, shareStatus: input.open ? '1' : '0' }, refused(input.meetingId)),
  ),
  createCastCode: fromPromise<ScreenCode, { meetingId: string }>(({ input }) => later(2000, CAST, refused(input.meetingId))),
  copyText: fromPromise<void, { text: string }>(({ input }) => later(3000, undefined, refused(input.text))),
  screenOperation: fromPromise<void, { meetingId: string }>(({ input }) => later(4000, undefined, refused(input.meetingId))),
};

export const TEST_INPUT: HostMeetingInput = {
  origin: 'https://parley.test',
  socketUrl: (id) => `ws://test/${id}`,
  now: () => 0,
  workletUrl: '/pcm16-downsampler.worklet.js',
};

const host = (snapshot: AnyMachineSnapshot) => snapshot.context as HostMeetingContext;
const inLive = (snapshot: AnyMachineSnapshot) => snapshot.matches('live');
const meetingIn = (value: StateValue, state: MeetingState, meeting: Meeting = MEETING) => ({
  type: 'xstate.snapshot.meeting',
  snapshot: meetingSnapshot(value, { ...meeting, state }),
});
const liveMeeting = (snapshot: AnyMachineSnapshot) => host(snapshot).view.meeting ?? MEETING;
const refusing = (snapshot: AnyMachineSnapshot) => host(snapshot).view.meeting?.id === REFUSING.id;
const outcome = (id: string, output: unknown) => (snapshot: AnyMachineSnapshot) =>
  refusing(snapshot) ? [] : [{ type: `xstate.done.actor.${id}`, output }];
const refusal = (id: string) => (snapshot: AnyMachineSnapshot) =>
  refusing(snapshot) ? [{ type: `xstate.error.actor.${id}`, error: REFUSED }] : [];

export const pathsModel: PathsModel = {
  name: 'hostMeeting',
  machine: hostMeetingMachine.provide({ actors: hostMeetingDoubles as never }),
  input: TEST_INPUT,
  // The results of the sharing calls are context only; the stage and status of the meeting decide.
  serializeContext: (context: HostMeetingContext) => ({ id: context.view.meeting?.id, stage: context.view.stage, status: context.view.status }),
  events: {
    'xstate.snapshot.meeting': (snapshot) =>
      inLive(snapshot)
        ? [
            meetingIn({ live: 'paused' }, 'paused', liveMeeting(snapshot)),
            meetingIn({ live: 'inProgress' }, 'in_progress', liveMeeting(snapshot)),
            meetingIn('ended', 'ended', liveMeeting(snapshot)),
          ]
        : [
            { type: 'xstate.snapshot.meeting', snapshot: meetingSnapshot('setup', null) },
            { type: 'xstate.snapshot.meeting', snapshot: meetingSnapshot('setup', null, 'Cannot create') },
            meetingIn({ live: 'starting' }, 'in_progress'),
            meetingIn({ live: 'starting' }, 'in_progress', REFUSING),
            meetingIn('ended', 'ended'),
          ],
    'xstate.done.actor.meeting': [{ type: 'xstate.done.actor.meeting', output: { meeting: { ...MEETING, state: 'ended' }, elapsedBeforeMs: 0 } }],
    'xstate.snapshot.liveSubtitles': [{ type: 'xstate.snapshot.liveSubtitles', snapshot: { context: { meetingState: 'paused' } } }],
    'xstate.done.actor.meetingSetup': [{ type: 'xstate.done.actor.meetingSetup', output: DRAFT }],
    'host.control': [{ type: 'host.control', action: 'start' }],
    'allowance.usedUp': [{ type: 'allowance.usedUp', code: 92505001 }],
    'share.toggle': (snapshot) => [{ type: 'share.toggle', open: !host(snapshot).sharingOpen }],
    'xstate.done.actor.liveSubtitles': [{ type: 'xstate.done.actor.liveSubtitles', output: { meetingState: 'ended', endReason: 'meetingEnded' } }],
    'xstate.done.actor.setSharing': outcome('setSharing', MEETING),
    'xstate.error.actor.setSharing': refusal('setSharing'),
    'xstate.done.actor.createCastCode': outcome('createCastCode', CAST),
    'xstate.error.actor.createCastCode': refusal('createCastCode'),
    'xstate.done.actor.copyText': outcome('copyText', undefined),
    'xstate.error.actor.copyText': refusal('copyText'),
    'screen.change': [{ type: 'screen.change', change: { code: '123456', action: 'pause' } }],
    'xstate.done.actor.screenOperation': outcome('screenOperation', undefined),
    'xstate.error.actor.screenOperation': refusal('screenOperation'),
  },
  skipSimplePaths: true,
};
