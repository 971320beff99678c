// Path model of the speaker rename: meeting "m-ok" saves, any other meeting's save fails.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { RenameSpeakerRequest } from '../../api/meetings/rename-speaker';
import { speakerRenameMachine, type SpeakerRenameContext } from './speakerRename.machine';

const FAILED = { kind: 'business', code: 404, message: 'Meeting not found' };
const saves = (snapshot: AnyMachineSnapshot) => (snapshot.context as SpeakerRenameContext).meetingId === 'm-ok';

export const speakerRenameDoubles = {
  renameSpeaker: fromPromise<void, RenameSpeakerRequest>(async ({ input }) => {
    if (input.id !== 'm-ok') throw FAILED;
  }),
};

export const pathsModel: PathsModel = {
  name: 'speakerRename',
  machine: speakerRenameMachine.provide({ actors: speakerRenameDoubles }),
  inputs: [{ meetingId: 'm-ok' }, { meetingId: 'm-gone' }],
  serializeContext: (context: SpeakerRenameContext) => ({ speaker: context.speakerIndex, blank: context.draft.trim() === '', failed: context.failed }),
  events: {
    'speaker.edit': [{ type: 'speaker.edit', speakerIndex: 2, name: 'Speaker 2' }],
    'speaker.type': [
      { type: 'speaker.type', name: 'Grace' },
      { type: 'speaker.type', name: '  ' },
    ],
    'speaker.save': [{ type: 'speaker.save' }],
    'speaker.cancel': [{ type: 'speaker.cancel' }],
    'xstate.done.actor.renameSpeaker': (snapshot) => (saves(snapshot) ? [{ type: 'xstate.done.actor.renameSpeaker' }] : []),
    'xstate.error.actor.renameSpeaker': (snapshot) => (saves(snapshot) ? [] : [{ type: 'xstate.error.actor.renameSpeaker', error: FAILED }]),
  },
};
