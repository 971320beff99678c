// The host renaming a live speaker (issue 26 §6): idle → editing one speaker's name → saving →
// idle; a refused or failed save goes back to editing with the draft kept and the failure shown.
// The new name reaches the lines through the socket (speaker.renamed), not from here.
import { assign, setup } from 'xstate';
import { renameSpeakerActor } from '../../api/meetings/rename-speaker';

export interface SpeakerRenameInput {
  meetingId: string;
}

export interface SpeakerRenameContext {
  meetingId: string;
  /** The speaker being renamed (1-based), null when none. */
  speakerIndex: number | null;
  draft: string;
  failed: boolean;
}

export type SpeakerRenameEvent =
  | { type: 'speaker.edit'; speakerIndex: number; name: string }
  | { type: 'speaker.type'; name: string }
  | { type: 'speaker.save' }
  | { type: 'speaker.cancel' };

export const SPEAKER_NAME_MAX = 50;

export const speakerRenameMachine = setup({
  types: {
    context: {} as SpeakerRenameContext,
    events: {} as SpeakerRenameEvent,
    input: {} as SpeakerRenameInput,
  },
  actors: { renameSpeaker: renameSpeakerActor },
  guards: {
    // The contract refuses a blank or over-long name; the form does not send one.
    draftValid: ({ context }) => context.draft.trim().length > 0 && context.draft.trim().length <= SPEAKER_NAME_MAX,
  },
}).createMachine({
  id: 'speakerRename',
  context: ({ input }) => ({ meetingId: input.meetingId, speakerIndex: null, draft: '', failed: false }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ speakerIndex: null, draft: '', failed: false }),
      on: {
        'speaker.edit': {
          target: 'editing',
          actions: assign({ speakerIndex: ({ event }) => event.speakerIndex, draft: ({ event }) => event.name }),
        },
      },
    },
    editing: {
      on: {
        'speaker.type': { actions: assign({ draft: ({ event }) => event.name.slice(0, SPEAKER_NAME_MAX) }) },
        'speaker.save': { guard: 'draftValid', target: 'saving' },
        'speaker.cancel': 'idle',
      },
    },
    saving: {
      invoke: {
        src: 'renameSpeaker',
        id: 'renameSpeaker',
        input: ({ context }) => ({ id: context.meetingId, speakerIndex: context.speakerIndex!, name: context.draft.trim() }),
        onDone: 'idle',
        onError: { target: 'editing', actions: assign({ failed: true }) },
      },
    },
  },
});
