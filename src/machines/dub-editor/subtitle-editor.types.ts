// The shape the dub editor screen and the subtitleEditor machine agree on (issue 13 §3). The machine
// (subtitleEditor.machine.ts) owns the lines, the undo stack (5 steps), the rules and saving; the
// screen only sends these events and renders what the selectors give.
import type { components } from '../../api/schema';

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
  | { type: 'select'; lineId: string }
  | { type: 'edit.text'; lineId: string; text: string }
  | { type: 'edit.translation'; lineId: string; translation: string }
  /** Drag or resize of a timeline region, or a typed time already parsed. */
  | { type: 'retime'; lineId: string; startMs: number; endMs: number }
  /** A typed time ('00:01:02,500'); a bad format is refused with 'timeFormat'. */
  | { type: 'retime.typed'; lineId: string; field: 'start' | 'end'; value: string }
  /** At the caret of the text (characters) or else at the playhead (ms). */
  | { type: 'split'; lineId: string; caret?: number; atMs?: number }
  /** Merges the line with the next; lines of different speakers ask which speaker to keep. */
  | { type: 'merge'; lineId: string }
  | { type: 'merge.keepSpeaker'; speakerId: string | null }
  | { type: 'merge.cancel' }
  | { type: 'insert'; afterLineId: string | null }
  | { type: 'delete'; lineId: string }
  | { type: 'speaker.change'; lineId: string; speakerId: string }
  | { type: 'speaker.rename'; speakerId: string; name: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'save.retry' }
  | { type: 'dismissRefusal' }
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
