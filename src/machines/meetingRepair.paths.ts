// Path model of the meeting machine opened on an existing meeting: the repair of a meeting left
// paused by an abnormal close, and reloads of meetings in each state (doubles in meeting.paths.ts).
import type { PathsModel } from './testing/paths';
import type { MeetingContext } from './meeting.machine';
import { meetingMachine } from './meeting.machine';
import { meetingDoubles } from './meeting.paths';
import type { Meeting, MeetingState } from './meeting.calls';

const meeting = (id: string, state: MeetingState): Meeting => ({
  id,
  name: 'Weekly sync',
  state,
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES'],
  createTime: '2025-01-01T00:00:00Z',
});

export const pathsModel: PathsModel = {
  name: 'meetingRepair',
  machine: meetingMachine.provide({ actors: meetingDoubles }),
  input: { meetingId: 'm-paused', now: () => 0 },
  serializeContext: (context: MeetingContext) => ({ id: context.meeting?.id, state: context.meeting?.state, error: context.errorMessage }),
  events: {
    'xstate.done.actor.loadMeeting': [{ type: 'xstate.done.actor.loadMeeting', output: meeting('m-paused', 'paused') }],
    'xstate.done.actor.repairMeeting': [{ type: 'xstate.done.actor.repairMeeting', output: meeting('m-paused', 'ended') }],
    'xstate.done.actor.stopMeeting': [{ type: 'xstate.done.actor.stopMeeting', output: meeting('m-paused', 'ended') }],
    'xstate.done.actor.controlResume': [{ type: 'xstate.done.actor.controlResume' }],
    'xstate.done.actor.controlPause': [{ type: 'xstate.done.actor.controlPause' }],
    'meeting.stateChanged': [
      { type: 'meeting.stateChanged', state: 'in_progress' },
      { type: 'meeting.stateChanged', state: 'ended' },
    ],
  },
  maxSimplePaths: 30,
};
