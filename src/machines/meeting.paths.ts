// Path model of the meeting machine (convention: src/machines/testing/paths.ts). The load double
// answers by id: "m-paused" is a meeting left paused, "m-ended" ended, "m-live" in progress,
// "m-new" not started, "m-gone" fails. Stop fails for "m-stuck".
import { fromPromise } from 'xstate';
import type { PathsModel } from './testing/paths';
import type { CreateMeetingInput, Meeting, MeetingState } from './meeting.calls';
import { meetingMachine, type ControlAction, type MeetingContext } from './meeting.machine';

const meeting = (id: string, state: MeetingState): Meeting => ({
  id,
  name: 'Weekly sync',
  state,
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES'],
  createTime: '2025-01-01T00:00:00Z',
});

const LOADED: Record<string, MeetingState> = { 'm-paused': 'paused', 'm-ended': 'ended', 'm-live': 'in_progress', 'm-new': 'not_started' };

export const meetingDoubles = {
  loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    const state = LOADED[input.id];
    if (!state) throw { kind: 'business', code: 404, message: 'Not found' };
    return meeting(input.id, state);
  }),
  createMeeting: fromPromise<Meeting, CreateMeetingInput>(async () => meeting('m-created', 'not_started')),
  stopMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    if (input.id === 'm-stuck') throw { kind: 'business', code: 500, message: 'Busy' };
    return meeting(input.id, 'ended');
  }),
  control: fromPromise<void, { action: ControlAction; send: (action: ControlAction) => void }>(async () => undefined),
};

const machine = meetingMachine.provide({ actors: meetingDoubles });

export const pathsModel: PathsModel = {
  name: 'meeting',
  machine,
  input: { meetingId: null, now: () => 0 },
  serializeContext: (context: MeetingContext) => ({
    id: context.meeting?.id,
    terms: context.config.termsAccepted,
    error: context.errorKey ?? context.errorMessage,
  }),
  events: {
    'meeting.configure': [{ type: 'meeting.configure', config: { termsAccepted: true } }],
    'meeting.stateChanged': [
      { type: 'meeting.stateChanged', state: 'in_progress' },
      { type: 'meeting.stateChanged', state: 'paused' },
      { type: 'meeting.stateChanged', state: 'ended' },
    ],
    'xstate.done.actor.createMeeting': [{ type: 'xstate.done.actor.createMeeting', output: meeting('m-created', 'not_started') }],
    'xstate.done.actor.stopMeeting': (snapshot) => [
      { type: 'xstate.done.actor.stopMeeting', output: meeting((snapshot.context as MeetingContext).meeting!.id, 'ended') },
    ],
    'xstate.done.actor.controlPause': [{ type: 'xstate.done.actor.controlPause' }],
    'xstate.done.actor.controlResume': [{ type: 'xstate.done.actor.controlResume' }],
  },
};
