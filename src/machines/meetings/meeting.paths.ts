// Path model of the meeting machine (convention: src/testing/paths.ts). The load double
// answers by id: "m-paused" is a meeting left paused, "m-ended" ended, "m-live" in progress,
// "m-new" not started, "m-gone" fails; "m-stuck" (in progress) and "m-stuck-paused" (paused) load
// but refuse to stop, so the stop and the repair fail. Creating refuses a meeting named "Refused".
// The model starts on a new meeting and on a reload of each kind of existing one (this replaces the
// former meetingRepair model, which existed only because a model had a single input).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { CreateMeetingInput, Meeting, MeetingState } from '../../api/meetings/meeting-types';
import { meetingMachine, type ControlAction, type MeetingContext } from './meeting.machine';
import { DEFAULT_MEETING_CONFIG } from './meetingSetup.rules';

const meeting = (id: string, state: MeetingState): Meeting => ({
  id,
  name: 'Weekly sync',
  state,
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES'],
  createTime: '2025-01-01T00:00:00Z',
});

const LOADED: Record<string, MeetingState> = {
  'm-paused': 'paused',
  'm-ended': 'ended',
  'm-live': 'in_progress',
  'm-new': 'not_started',
  'm-stuck': 'in_progress',
  'm-stuck-paused': 'paused',
};
const NOT_FOUND = { kind: 'business', code: 404, message: 'Not found' };
const BUSY = { kind: 'business', code: 500, message: 'Busy' };
const REFUSED_NAME = 'Refused';
const CREATE_REFUSED = { kind: 'business', code: 500, message: 'Cannot create' };
const refusesStop = (id: string) => id.startsWith('m-stuck');

export const meetingDoubles = {
  loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    const state = LOADED[input.id];
    if (!state) throw NOT_FOUND;
    return meeting(input.id, state);
  }),
  createMeeting: fromPromise<Meeting, CreateMeetingInput>(async ({ input }) => {
    if (input.name === REFUSED_NAME) throw CREATE_REFUSED;
    return meeting('m-created', 'not_started');
  }),
  stopMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    if (refusesStop(input.id)) throw BUSY;
    return meeting(input.id, 'ended');
  }),
  control: fromPromise<void, { action: ControlAction; send: (action: ControlAction) => void }>(async () => undefined),
};

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MeetingContext;
const meetingId = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).meeting!.id;

/** Outcome samples of the doubles above, by the snapshot the call starts from. */
const meetingOutcomes: PathsModel['events'] = {
  'xstate.done.actor.loadMeeting': (snapshot) => {
    const state = LOADED[meetingId(snapshot)];
    return state ? [{ type: 'xstate.done.actor.loadMeeting', output: meeting(meetingId(snapshot), state) }] : [];
  },
  'xstate.error.actor.loadMeeting': (snapshot) => (LOADED[meetingId(snapshot)] ? [] : [{ type: 'xstate.error.actor.loadMeeting', error: NOT_FOUND }]),
  'xstate.done.actor.createMeeting': (snapshot) =>
    contextOf(snapshot).config.name === REFUSED_NAME ? [] : [{ type: 'xstate.done.actor.createMeeting', output: meeting('m-created', 'not_started') }],
  'xstate.error.actor.createMeeting': (snapshot) =>
    contextOf(snapshot).config.name === REFUSED_NAME ? [{ type: 'xstate.error.actor.createMeeting', error: CREATE_REFUSED }] : [],
  'xstate.done.actor.stopMeeting': (snapshot) =>
    refusesStop(meetingId(snapshot)) ? [] : [{ type: 'xstate.done.actor.stopMeeting', output: meeting(meetingId(snapshot), 'ended') }],
  'xstate.error.actor.stopMeeting': (snapshot) => (refusesStop(meetingId(snapshot)) ? [{ type: 'xstate.error.actor.stopMeeting', error: BUSY }] : []),
  'xstate.done.actor.repairMeeting': (snapshot) =>
    refusesStop(meetingId(snapshot)) ? [] : [{ type: 'xstate.done.actor.repairMeeting', output: meeting(meetingId(snapshot), 'ended') }],
  'xstate.error.actor.repairMeeting': (snapshot) => (refusesStop(meetingId(snapshot)) ? [{ type: 'xstate.error.actor.repairMeeting', error: BUSY }] : []),
  'xstate.done.actor.controlPause': [{ type: 'xstate.done.actor.controlPause' }],
  'xstate.done.actor.controlResume': [{ type: 'xstate.done.actor.controlResume' }],
};

const meetingStateChanges = [
  { type: 'meeting.stateChanged', state: 'in_progress' },
  { type: 'meeting.stateChanged', state: 'paused' },
  { type: 'meeting.stateChanged', state: 'ended' },
] as const;

const machine = meetingMachine.provide({ actors: meetingDoubles });

export const pathsModel: PathsModel = {
  name: 'meeting',
  machine,
  // A new meeting, then reloads: of one never started, one in progress that refuses to stop, one
  // left paused (repairable, or refusing the repair), one ended and one gone.
  inputs: [null, 'm-new', 'm-stuck', 'm-paused', 'm-stuck-paused', 'm-ended', 'm-gone'].map((meetingId) => ({ meetingId, now: () => 0 })),
  serializeContext: (context: MeetingContext) => ({
    id: context.meeting?.id,
    name: context.config.name,
    terms: context.config.termsAccepted,
    error: context.errorKey ?? context.errorMessage,
  }),
  events: {
    'meeting.create': [
      { type: 'meeting.create', config: DEFAULT_MEETING_CONFIG },
      { type: 'meeting.create', config: { ...DEFAULT_MEETING_CONFIG, termsAccepted: true } },
      { type: 'meeting.create', config: { ...DEFAULT_MEETING_CONFIG, termsAccepted: true, name: REFUSED_NAME } },
    ],
    'meeting.stateChanged': meetingStateChanges,
    ...meetingOutcomes,
  },
  maxSimplePaths: 40,
};
