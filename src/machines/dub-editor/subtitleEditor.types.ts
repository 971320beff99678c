// The shape the dub editor screen and the subtitleEditor machine agree on (issue 13 §3). The machine
// (subtitleEditor.machine.ts) owns the lines, the undo stack (5 steps), the rules and saving; the
// screen only sends these events and renders what the selectors give.
import type { components } from '../../api/schema';
import type { DubEditorCommand } from './dub-editor-commands.types';

export type DubLine = components['schemas']['SubtitleLine'];
export type DubSpeaker = components['schemas']['Speaker'];

export type EditRefusal =
  | 'endBeforeStart'
  | 'startAfterEnd'
  | 'overlap'
  | 'timeFormat'
  | 'charsPerFrame'
  | 'lastLine'
  | 'noRoomToInsert'
  | 'speakerNameEmpty'
  | 'nothingUndoable'
  | 'nothingRedoable';

export type SaveState = 'saved' | 'saving' | 'failed';

export type SubtitleEditorEvent =
  | DubEditorCommand
  /** The media's length once the player knows it (insert and retime are held inside it). */
  | { type: 'duration'; durationMs: number }
  /** Loading the lines failed: try again. */
  | { type: 'load.retry' };

/** Every refusal, for the screen's and the tests' lookups; the check below fails to compile if one is missing. */
export const EDIT_REFUSALS = [
  'endBeforeStart',
  'startAfterEnd',
  'overlap',
  'timeFormat',
  'charsPerFrame',
  'lastLine',
  'noRoomToInsert',
  'speakerNameEmpty',
  'nothingUndoable',
  'nothingRedoable',
] as const satisfies readonly EditRefusal[];
const everyRefusalListed: Exclude<EditRefusal, (typeof EDIT_REFUSALS)[number]> extends never ? true : false = true;
void everyRefusalListed;
