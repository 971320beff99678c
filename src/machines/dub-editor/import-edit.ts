// "Import subtitles" in the dub editor, the edit itself: the cues of an .srt (read by the server's one SRT reader,
// POST /file/srtRead) become the lines, as one edit that undo takes back whole.
//   - replace: the lines are the cues (new ids, voiced anew); each takes the speaker of the old line it
//     overlaps most, so voices stay where they were;
//   - merge: the lines keep their times and speakers; each takes the text of the cue it overlaps most
//     (lines no cue overlaps stay as they are), the way a translator's file is laid over a transcript.
// The target says which side the cue's text fills, as the dub form's SRT kinds do: the original, the
// translation, or both (bilingual: the first row the original, the rest its translation).
import { DUB_EDITOR_LIMITS } from '../../shared/contract/dub-limits';
import { withText, withTranslation } from './line-rules';
import type { ImportEdit, ImportedCue, ImportTarget } from './dub-editor-commands.types';
import type { DubLine, EditRefusal } from './subtitleEditor.types';

/** What the edit does, in the shape of the editor's EditOutcome (subtitleEditor.edits.ts). */
export type ImportOutcome = { kind: 'changed'; lines: DubLine[]; selectedLineId?: string } | { kind: 'refused'; refusal: EditRefusal } | { kind: 'none' };

interface ImportDocument {
  lines: readonly DubLine[];
  durationMs: number | null;
}

const overlapMs = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs);

/** The item of `among` that shares the most time with `slot`, or undefined when none shares any. */
function mostOverlapping<T extends { startMs: number; endMs: number }>(slot: { startMs: number; endMs: number }, among: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestMs = 0;
  for (const item of among) {
    const shared = overlapMs(slot, item);
    if (shared > bestMs) {
      best = item;
      bestMs = shared;
    }
  }
  return best;
}

/** The original and translation a cue's text gives for the target (null: that side is not touched). */
export function sidesOf(text: string, target: ImportTarget): { text: string | null; translation: string | null } {
  const rows = text.split('\n').map((row) => row.trim()).filter(Boolean);
  if (target === 'text') return { text: rows.join(' '), translation: null };
  if (target === 'translation') return { text: null, translation: rows.join(' ') };
  return { text: rows[0] ?? '', translation: rows.slice(1).join(' ') };
}

function filled(line: DubLine, cue: ImportedCue, target: ImportTarget): DubLine {
  const sides = sidesOf(cue.text, target);
  let next = sides.text !== null && sides.text !== line.text ? withText(line, sides.text) : line;
  if (sides.translation !== null && sides.translation !== (line.translation ?? '')) next = withTranslation(next, sides.translation);
  return next;
}

function replaced(doc: ImportDocument, edit: ImportEdit, newId: () => string): DubLine[] {
  const lines: DubLine[] = [];
  for (const cue of edit.cues) {
    // Cut at the media's end (not shifted, as a drag is: the file's times are meant as written).
    const slot = { startMs: Math.max(0, cue.startMs), endMs: doc.durationMs === null ? cue.endMs : Math.min(cue.endMs, doc.durationMs) };
    const previousEnd = lines.at(-1)?.endMs ?? 0;
    // Past the end of the media, or cut shorter than a line may be: nothing left to voice.
    if (slot.endMs - Math.max(slot.startMs, previousEnd) < DUB_EDITOR_LIMITS.minLineMs) continue;
    const speaker = mostOverlapping(slot, doc.lines);
    const sides = sidesOf(cue.text, edit.target);
    lines.push({
      id: newId(),
      startMs: Math.max(slot.startMs, previousEnd),
      endMs: slot.endMs,
      text: sides.text ?? '',
      translation: sides.translation ?? '',
      speaker: speaker?.speaker ?? null,
      speakerId: speaker?.speakerId ?? null,
      overrunMs: null,
      revoice: true,
    });
  }
  return lines;
}

export function importOutcome(doc: ImportDocument, edit: ImportEdit, newId: () => string): ImportOutcome {
  const tooLong = edit.cues.some((cue) => Array.from(cue.text).length > DUB_EDITOR_LIMITS.maxLineChars);
  if (tooLong) return { kind: 'refused', refusal: 'charsPerFrame' };
  if (edit.mode === 'merge') {
    const lines = doc.lines.map((line) => {
      const cue = mostOverlapping(line, edit.cues);
      return cue ? filled(line, cue, edit.target) : line;
    });
    return lines.some((line, index) => line !== doc.lines[index]) ? { kind: 'changed', lines } : { kind: 'none' };
  }
  if (edit.cues.length > DUB_EDITOR_LIMITS.maxLines) return { kind: 'refused', refusal: 'noRoomToInsert' };
  const lines = replaced(doc, edit, newId);
  // A file wholly past the media's end would leave no line, and the editor always keeps one.
  if (lines.length === 0) return { kind: 'refused', refusal: 'lastLine' };
  return { kind: 'changed', lines, selectedLineId: lines[0]!.id };
}
