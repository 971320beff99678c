// What the dub editor screen draws and what it asks for, in its own terms (ui draws props and
// sends commands; it imports no machine). The commands are defined once in machines/dub-editor/dub-editor-commands.types.ts,
// and the subtitleEditor machine takes them as its events.
import type { SubtitleLine } from '../../shared/contract/transcript';
import type { DubEditorCommand } from '../../machines/dub-editor/dub-editor-commands.types';

/** A subtitle line of the task (the contract's SubtitleLine: times, texts, speaker, overrunMs, revoice). */
export type LineView = SubtitleLine;

export interface SpeakerView {
  id: string;
  name: string;
  voice?: string | null;
}

export type SaveStateView = 'saved' | 'saving' | 'failed';

/** Lines of different speakers are being merged: which speaker keeps the merged line. */
export interface MergeQuestionView {
  lineId: string;
  speakerIds: ReadonlyArray<string | null>;
}

export type EditorCommand = DubEditorCommand;

export type SendCommand = (command: EditorCommand) => void;

/** Per-line preview as the list shows it. */
export interface PreviewView {
  phase: 'idle' | 'loading' | 'playing' | 'failed';
  lineId: string | null;
}

/** 'HH:MM:SS,mmm', the SRT form the editor accepts back when typed. */
export function formatTime(ms: number): string {
  const safe = Math.max(0, Math.round(ms));
  const hours = Math.floor(safe / 3_600_000);
  const minutes = Math.floor((safe % 3_600_000) / 60_000);
  const seconds = Math.floor((safe % 60_000) / 1000);
  const millis = safe % 1000;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)},${String(millis).padStart(3, '0')}`;
}

/**
 * Index of the line playing at `ms` (lines in time order, not overlapping), or -1 between lines.
 * Binary search: it runs on every time update of a 5,000-line task.
 */
export function lineIndexAt(lines: ReadonlyArray<Pick<LineView, 'startMs' | 'endMs'>>, ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const line = lines[middle]!;
    if (ms < line.startMs) high = middle - 1;
    else if (ms >= line.endMs) low = middle + 1;
    else return middle;
  }
  return -1;
}
