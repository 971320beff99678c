// Path model of the host's meeting. The children are doubles: the meeting stays still (the replay
// sends the snapshots a real one would report: in setup, live in progress or paused, ended); the
// setup submits a valid draft after a second; the socket and the microphone are the real machines
// with silent connections; the summary idles. The sharing, cast-code and copy calls answer after a
// second each (distinct delays, so one settles at a time).
import { createMachine, fromCallback, fromPromise, matchesState, type AnyMachineSnapshot, type StateValue } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import type { Meeting, MeetingState, ScreenCode } from './meeting.calls';
import type { MeetingContext } from './meeting.machine';
import { DEFAULT_MEETING_CONFIG } from './meetingSetup.rules';
import type { MeetingSetupOutput } from './meetingSetup.machine';
import { hostMeetingMachine, type HostMeetingContext, type HostMeetingInput } from './hostMeeting.machine';
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

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

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
  liveSubtitles: liveSubtitlesMachine.provide({ actors: { connection: fromCallback(() => () => undefined) } }),
  recording: recordingMachine.provide({ actors: { microphone: fromCallback(() => () => undefined) } }),
  meetingSummary: createMachine({ id: 'summaryDouble' }),
  clock: fromCallback(() => () => undefined),
  setSharing: fromPromise<Meeting, { meetingId: string; open: boolean }>(({ input }) => later(1000, { ...MEETING, shareStatus: input.open ? '1' : '0' })),
  createCastCode: fromPromise<ScreenCode, { meetingId: string }>(() => later(2000, CAST)),
  copyText: fromPromise<void, { text: string }>(() => later(3000, undefined)),
};

export const TEST_INPUT: HostMeetingInput = { origin: 'https://parley.test', socketUrl: (id) => `ws://test/${id}`, now: () => 0 };

const host = (snapshot: AnyMachineSnapshot) => snapshot.context as HostMeetingContext;
const inLive = (snapshot: AnyMachineSnapshot) => snapshot.matches('live');
const meetingIn = (value: StateValue, state: MeetingState) => ({
  type: 'xstate.snapshot.meeting',
  snapshot: meetingSnapshot(value, { ...MEETING, state }),
});

export const pathsModel: PathsModel = {
  name: 'hostMeeting',
  machine: hostMeetingMachine.provide({ actors: hostMeetingDoubles as never }),
  input: TEST_INPUT,
  // The results of the sharing calls are context only; the stage and status of the meeting decide.
  serializeContext: (context: HostMeetingContext) => ({ stage: context.view.stage, status: context.view.status }),
  events: {
    'xstate.snapshot.meeting': (snapshot) =>
      inLive(snapshot)
        ? [meetingIn({ live: 'paused' }, 'paused'), meetingIn({ live: 'inProgress' }, 'in_progress'), meetingIn('ended', 'ended')]
        : [
            { type: 'xstate.snapshot.meeting', snapshot: meetingSnapshot('setup', null) },
            { type: 'xstate.snapshot.meeting', snapshot: meetingSnapshot('setup', null, 'Cannot create') },
            meetingIn({ live: 'starting' }, 'in_progress'),
            meetingIn('ended', 'ended'),
          ],
    'xstate.done.actor.meeting': [{ type: 'xstate.done.actor.meeting', output: { meeting: { ...MEETING, state: 'ended' }, elapsedBeforeMs: 0 } }],
    'xstate.snapshot.liveSubtitles': [{ type: 'xstate.snapshot.liveSubtitles', snapshot: { context: { meetingState: 'paused' } } }],
    'xstate.done.actor.meetingSetup': [{ type: 'xstate.done.actor.meetingSetup', output: DRAFT }],
    'host.control': [{ type: 'host.control', action: 'start' }],
    'share.toggle': (snapshot) => [{ type: 'share.toggle', open: !host(snapshot).sharingOpen }],
    'xstate.done.actor.setSharing': [{ type: 'xstate.done.actor.setSharing', output: MEETING }],
    'xstate.done.actor.createCastCode': [{ type: 'xstate.done.actor.createCastCode', output: CAST }],
    'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText' }],
  },
  skipSimplePaths: true,
};
