// What a user of the dub editor can ask for (issue 13 §3): the screen (ui) sends these and the
// subtitleEditor machine takes them as its events. One definition, in the machine's area: the ui may
// import a machines `*.types.ts` file of its own area, type-only (.dependency-cruiser.cjs).

/** One cue of an imported .srt, as the server read it (POST /file/srtRead). */
export interface ImportedCue {
  startMs: number;
  endMs: number;
  text: string;
}

export type ImportMode = 'replace' | 'merge';
export type ImportTarget = 'text' | 'translation' | 'bilingual';

export interface ImportEdit {
  cues: readonly ImportedCue[];
  mode: ImportMode;
  target: ImportTarget;
}

export type DubEditorCommand =
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
  /** The cues of an imported .srt replace the lines or are laid over them (import-edit.ts); one undo step. */
  | ({ type: 'import' } & ImportEdit)
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'save.retry' }
  | { type: 'dismissRefusal' };
