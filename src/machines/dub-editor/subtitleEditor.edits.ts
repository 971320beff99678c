// What one editor event does to the lines, as a pure function of the document: a new list of lines
// (the machine pushes the old one on the undo stack), a refusal, the merge question, or nothing.
// Kept apart from the machine so the rules are tested without an actor and the machine only wires.
import { DUB_EDITOR_LIMITS } from '../../shared/contract/dub-limits';
import {
  clampToMedia,
  deleteRefusal,
  indexOfLine,
  insertSlot,
  insertedAt,
  mergeRefusal,
  mergedLine,
  newLine,
  parseTypedTime,
  removedAt,
  replaceAt,
  retimeRefusal,
  retimed,
  speakersDiffer,
  splitLine,
  textRefusal,
  withSpeaker,
  withText,
  withTranslation,
} from './line-rules';
import { importOutcome } from './import-edit';
import type { DubLine, DubSpeaker, EditRefusal, SubtitleEditorEvent } from './subtitleEditor.types';

export interface EditDocument {
  lines: readonly DubLine[];
  speakers: readonly DubSpeaker[];
  durationMs: number | null;
}

/** Lines of different speakers about to be merged: the screen asks which speaker the line keeps. */
export interface MergeQuestion {
  lineId: string;
  nextLineId: string;
  choices: Array<{ speakerId: string | null; speaker: string | null }>;
}

export type EditOutcome =
  | { kind: 'changed'; lines: DubLine[]; selectedLineId?: string | null }
  | { kind: 'refused'; refusal: EditRefusal }
  | { kind: 'ask'; question: MergeQuestion }
  | { kind: 'none' };

const NONE: EditOutcome = { kind: 'none' };
const refused = (refusal: EditRefusal): EditOutcome => ({ kind: 'refused', refusal });

export type LineEditEvent = Extract<
  SubtitleEditorEvent,
  { type: 'edit.text' | 'edit.translation' | 'retime' | 'retime.typed' | 'split' | 'merge' | 'insert' | 'delete' | 'speaker.change' | 'import' }
>;

function editText(doc: EditDocument, index: number, after: DubLine): EditOutcome {
  const line = doc.lines[index]!;
  if (Array.from(after.text).length > DUB_EDITOR_LIMITS.maxLineChars || Array.from(after.translation ?? '').length > DUB_EDITOR_LIMITS.maxLineChars) {
    return refused('charsPerFrame');
  }
  const refusal = textRefusal(line, after);
  return refusal ? refused(refusal) : { kind: 'changed', lines: replaceAt(doc.lines, index, after) };
}

function retime(doc: EditDocument, index: number, startMs: number, endMs: number, field: 'start' | 'end' | 'both'): EditOutcome {
  const line = doc.lines[index]!;
  if (startMs === line.startMs && endMs === line.endMs) return NONE;
  const refusal = retimeRefusal(doc.lines, index, startMs, endMs, doc.durationMs, field);
  return refusal ? refused(refusal) : { kind: 'changed', lines: retimed(doc.lines, index, startMs, endMs) };
}

/** The merge of the line at `index` with the next, keeping the speaker of `keep` (one of the two). */
export function merge(doc: EditDocument, index: number, keep: DubLine): EditOutcome {
  const first = doc.lines[index]!;
  const second = doc.lines[index + 1]!;
  const merged = mergedLine(first, second, keep);
  const refusal = mergeRefusal(first, second, merged);
  if (refusal) return refused(refusal);
  const lines = removedAt(doc.lines, index + 1);
  lines[index] = merged;
  return { kind: 'changed', lines, selectedLineId: merged.id };
}

/** `newId` names a line the edit creates (split, insert): the machine draws it, tests pin it. */
export function applyLineEdit(doc: EditDocument, event: LineEditEvent, newId: () => string): EditOutcome {
  // The edits call takes at most maxLines lines: more could never be saved.
  const full = doc.lines.length >= DUB_EDITOR_LIMITS.maxLines;
  if (event.type === 'import') return importOutcome(doc, event, newId);
  if (event.type === 'insert') {
    if (full) return refused('noRoomToInsert');
    const afterIndex = event.afterLineId === null ? -1 : indexOfLine(doc.lines, event.afterLineId);
    if (event.afterLineId !== null && afterIndex < 0) return NONE;
    const slot = insertSlot(doc.lines, afterIndex, doc.durationMs);
    if (!slot) return refused('noRoomToInsert');
    const line = newLine(doc.lines, afterIndex, slot, newId());
    return { kind: 'changed', lines: insertedAt(doc.lines, afterIndex + 1, line), selectedLineId: line.id };
  }
  const index = indexOfLine(doc.lines, event.lineId);
  if (index < 0) return NONE;
  const line = doc.lines[index]!;
  switch (event.type) {
    case 'edit.text':
      return event.text === line.text ? NONE : editText(doc, index, withText(line, event.text));
    case 'edit.translation':
      return event.translation === (line.translation ?? '') ? NONE : editText(doc, index, withTranslation(line, event.translation));
    case 'retime': {
      const { startMs, endMs } = clampToMedia(Math.round(event.startMs), Math.round(event.endMs), doc.durationMs);
      return retime(doc, index, startMs, endMs, 'both');
    }
    case 'retime.typed': {
      const ms = parseTypedTime(event.value);
      if (ms === null) return refused('timeFormat');
      return event.field === 'start' ? retime(doc, index, ms, line.endMs, 'start') : retime(doc, index, line.startMs, ms, 'end');
    }
    case 'split': {
      if (full) return refused('noRoomToInsert');
      const pieces = splitLine(line, { caret: event.caret, atMs: event.atMs }, newId());
      if (!pieces) return refused('noRoomToInsert');
      const lines = insertedAt(doc.lines, index + 1, pieces[1]);
      lines[index] = pieces[0];
      return { kind: 'changed', lines, selectedLineId: pieces[1].id };
    }
    case 'merge': {
      const next = doc.lines[index + 1];
      if (!next) return NONE;
      if (!speakersDiffer(line, next)) return merge(doc, index, line);
      const choices = [line, next].map((item) => ({ speakerId: item.speakerId ?? null, speaker: item.speaker ?? null }));
      return { kind: 'ask', question: { lineId: line.id, nextLineId: next.id, choices } };
    }
    case 'delete': {
      const refusal = deleteRefusal(doc.lines);
      if (refusal) return refused(refusal);
      const neighbour = doc.lines[index + 1] ?? doc.lines[index - 1]!;
      return { kind: 'changed', lines: removedAt(doc.lines, index), selectedLineId: neighbour.id };
    }
    case 'speaker.change': {
      const speaker = doc.speakers.find((item) => item.id === event.speakerId);
      if (!speaker || line.speakerId === speaker.id) return NONE;
      return { kind: 'changed', lines: replaceAt(doc.lines, index, withSpeaker(line, speaker)) };
    }
  }
}

/** The answer to the merge question, once the lines it was about are still neighbours. */
export function answerMerge(doc: EditDocument, question: MergeQuestion, speakerId: string | null): EditOutcome {
  const index = indexOfLine(doc.lines, question.lineId);
  const first = doc.lines[index];
  const second = doc.lines[index + 1];
  if (!first || !second || second.id !== question.nextLineId) return NONE;
  const keep = [first, second].find((line) => (line.speakerId ?? null) === speakerId);
  return keep ? merge(doc, index, keep) : NONE;
}
