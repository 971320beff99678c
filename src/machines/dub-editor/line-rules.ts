// The dub editor's rules (features §5 Dub editor) as pure functions over the list of lines, which is
// kept sorted by start time and free of overlaps. Every change returns a NEW array that shares all
// untouched line objects with the old one (one slice, one replaced slot): with 5,000 lines an edit
// and its undo stay far below a frame, and the undo stack holds five arrays of shared lines, not
// five copies of every line. Refusals are EditRefusal keys the screen translates.
import { DUB_EDITOR_LIMITS, dubLineCharExcess } from '../../shared/contract/dub-limits';
import type { DubLine, DubSpeaker, EditRefusal } from './subtitleEditor.types';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const SECOND_MS = 1000;

// 'HH:MM:SS,mmm' (SRT) or 'MM:SS.mmm'; either decimal mark is taken in both, as editors type both.
const LONG_TIME = /^(\d{1,2}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
const SHORT_TIME = /^(\d{1,3}):([0-5]\d)[,.](\d{1,3})$/;

/** Milliseconds of a typed time, or null when the format is wrong. */
export function parseTypedTime(value: string): number | null {
  const text = value.trim();
  const long = LONG_TIME.exec(text);
  if (long) return Number(long[1]) * HOUR_MS + Number(long[2]) * MINUTE_MS + Number(long[3]) * SECOND_MS + fraction(long[4]!);
  const short = SHORT_TIME.exec(text);
  if (short) return Number(short[1]) * MINUTE_MS + Number(short[2]) * SECOND_MS + fraction(short[3]!);
  return null;
}

/** '5' after the decimal mark is 500 ms, as in any time notation. */
function fraction(digits: string): number {
  return Number(digits.padEnd(3, '0'));
}

/** 'HH:MM:SS,mmm', the format the editor shows and parseTypedTime reads back. */
export function formatTypedTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(whole / HOUR_MS);
  const minutes = Math.floor((whole % HOUR_MS) / MINUTE_MS);
  const seconds = Math.floor((whole % MINUTE_MS) / SECOND_MS);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(whole % SECOND_MS, 3)}`;
}

export function indexOfLine(lines: readonly DubLine[], lineId: string): number {
  return lines.findIndex((line) => line.id === lineId);
}

/** The array with one slot replaced; every other line object is shared. */
export function replaceAt(lines: readonly DubLine[], index: number, line: DubLine): DubLine[] {
  const next = lines.slice();
  next[index] = line;
  return next;
}

/** A line changed in what is voiced: the next synthesis re-voices it. */
function touched(line: DubLine, change: Partial<DubLine>): DubLine {
  return { ...line, ...change, revoice: true };
}

/**
 * Why the characters-per-frame limit refuses `after` (null when it may stay): it must fit its
 * allowance, unless it was already over and the change does not make it worse (a line the pipeline
 * left too dense can still be shortened or widened step by step).
 */
export function frameRefusal(excessBefore: number, after: DubLine): EditRefusal | null {
  const excess = dubLineCharExcess(after);
  return excess > 0 && excess > excessBefore ? 'charsPerFrame' : null;
}

/**
 * Why a new start and end of the line at `index` are refused: end before start (or start after end,
 * when the typed field was the start), outside the media or over a neighbour, or the text no longer
 * fitting the shorter frame. `durationMs` null: the media's length is not known yet.
 */
export function retimeRefusal(
  lines: readonly DubLine[],
  index: number,
  startMs: number,
  endMs: number,
  durationMs: number | null,
  field: 'start' | 'end' | 'both' = 'both',
): EditRefusal | null {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return 'timeFormat';
  if (endMs - startMs < DUB_EDITOR_LIMITS.minLineMs) return field === 'start' ? 'startAfterEnd' : 'endBeforeStart';
  // A time outside the media is not a time of this video.
  if (startMs < 0 || (durationMs !== null && endMs > durationMs)) return 'timeFormat';
  const previous = lines[index - 1];
  const next = lines[index + 1];
  if ((previous && startMs < previous.endMs) || (next && endMs > next.startMs)) return 'overlap';
  const line = lines[index]!;
  return frameRefusal(dubLineCharExcess(line), { ...line, startMs, endMs });
}

export function retimed(lines: readonly DubLine[], index: number, startMs: number, endMs: number): DubLine[] {
  return replaceAt(lines, index, touched(lines[index]!, { startMs: Math.round(startMs), endMs: Math.round(endMs) }));
}

/** A drag may overshoot the media: it is held to [0, duration] keeping the region's length where it can. */
export function clampToMedia(startMs: number, endMs: number, durationMs: number | null): { startMs: number; endMs: number } {
  const length = endMs - startMs;
  let start = Math.max(0, startMs);
  let end = start === startMs ? endMs : start + length;
  if (durationMs !== null && end > durationMs) {
    end = durationMs;
    if (start === startMs) start = Math.max(0, Math.min(startMs, end - length));
  }
  return { startMs: start, endMs: end };
}

/** Text edit: word timings no longer describe it; its translation goes stale unless it changes too. */
export function withText(line: DubLine, text: string): DubLine {
  const stale = !!line.translation && line.translation.trim() !== '' && text !== line.text;
  const { words: _words, ...rest } = line;
  return { ...rest, text, translationStale: stale || line.translationStale === true, revoice: true };
}

/** The translation is what is voiced; an edited translation is current again. */
export function withTranslation(line: DubLine, translation: string): DubLine {
  return touched(line, { translation, translationStale: false });
}

export function textRefusal(line: DubLine, after: DubLine): EditRefusal | null {
  return frameRefusal(dubLineCharExcess(line), after);
}

/**
 * Where a line inserted after `afterIndex` (-1: before the first line) goes: the gap up to the next
 * line or the end of the media, at most insertMs long. Null when the gap is shorter than a line may
 * be — in particular once the end reaches the video's duration.
 */
export function insertSlot(lines: readonly DubLine[], afterIndex: number, durationMs: number | null): { startMs: number; endMs: number } | null {
  const startMs = afterIndex < 0 ? 0 : lines[afterIndex]!.endMs;
  const limit = lines[afterIndex + 1]?.startMs ?? durationMs ?? Number.POSITIVE_INFINITY;
  const endMs = Math.min(limit, startMs + DUB_EDITOR_LIMITS.insertMs);
  return endMs - startMs >= DUB_EDITOR_LIMITS.minLineMs ? { startMs, endMs } : null;
}

/** A new empty line at the slot, with the speaker of the line it follows (or precedes). */
export function newLine(lines: readonly DubLine[], afterIndex: number, slot: { startMs: number; endMs: number }, id: string): DubLine {
  const neighbour = lines[afterIndex] ?? lines[afterIndex + 1];
  return {
    id,
    startMs: slot.startMs,
    endMs: slot.endMs,
    text: '',
    translation: '',
    speaker: neighbour?.speaker ?? null,
    speakerId: neighbour?.speakerId ?? null,
    overrunMs: null,
    revoice: true,
  };
}

export function insertedAt(lines: readonly DubLine[], index: number, line: DubLine): DubLine[] {
  const next = lines.slice();
  next.splice(index, 0, line);
  return next;
}

export function deleteRefusal(lines: readonly DubLine[]): EditRefusal | null {
  return lines.length <= 1 ? 'lastLine' : null;
}

export function removedAt(lines: readonly DubLine[], index: number, count = 1): DubLine[] {
  const next = lines.slice();
  next.splice(index, count);
  return next;
}

const SNAP_CHARS = 12;

/** The split point nearest `at` that falls after a space, when the text has one close by (words stay whole). */
function snapToWord(chars: readonly string[], at: number): number {
  for (let distance = 0; distance <= SNAP_CHARS; distance++) {
    for (const candidate of [at - distance, at + distance]) {
      if (candidate > 0 && candidate < chars.length && /\s/.test(chars[candidate - 1]!)) return candidate;
    }
  }
  return at;
}

function splitText(text: string, at: number): [string, string] {
  const chars = Array.from(text);
  const index = Math.max(0, Math.min(chars.length, at));
  return [chars.slice(0, index).join('').trimEnd(), chars.slice(index).join('').trimStart()];
}

/**
 * A line cut in two: at the caret of the text (characters) — the time and the translation are cut at
 * the same ratio — or at the playhead (ms) — the text and translation are cut at that ratio, on a
 * word boundary when there is one near. Null when the line is too short for two lines.
 */
export function splitLine(line: DubLine, at: { caret?: number | undefined; atMs?: number | undefined }, newId: string): [DubLine, DubLine] | null {
  const length = line.endMs - line.startMs;
  const min = DUB_EDITOR_LIMITS.minLineMs;
  if (length < 2 * min) return null;
  const textChars = Array.from(line.text);
  let timeRatio: number;
  let caret: number;
  if (at.caret !== undefined) {
    caret = Math.max(0, Math.min(textChars.length, Math.round(at.caret)));
    timeRatio = textChars.length > 0 ? caret / textChars.length : 0.5;
  } else {
    const atMs = at.atMs ?? line.startMs + length / 2;
    timeRatio = (atMs - line.startMs) / length;
    caret = snapToWord(textChars, Math.round(timeRatio * textChars.length));
  }
  const cutMs = Math.round(Math.min(line.endMs - min, Math.max(line.startMs + min, line.startMs + timeRatio * length)));
  const [textA, textB] = splitText(line.text, caret);
  const translationChars = Array.from(line.translation ?? '');
  const textRatio = textChars.length > 0 ? caret / textChars.length : timeRatio;
  const [translationA, translationB] = splitText(line.translation ?? '', snapToWord(translationChars, Math.round(textRatio * translationChars.length)));
  const { words: _words, ...rest } = line;
  const translation = (value: string) => (line.translation === null || line.translation === undefined ? line.translation : value);
  return [
    { ...rest, endMs: cutMs, text: textA, translation: translation(translationA), revoice: true },
    { ...rest, id: newId, startMs: cutMs, text: textB, translation: translation(translationB), overrunMs: null, revoice: true },
  ];
}

// Scripts written without spaces between words: joined without one.
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

export function joinText(first: string, second: string): string {
  if (!first) return second;
  if (!second) return first;
  const last = Array.from(first).at(-1)!;
  const next = Array.from(second)[0]!;
  return NO_SPACE_SCRIPT.test(last) || NO_SPACE_SCRIPT.test(next) ? first + second : `${first} ${second}`;
}

/** The speaker a line is known by: its id, else its name. */
function speakerKey(line: DubLine): string | null {
  return line.speakerId ?? line.speaker ?? null;
}

export function speakersDiffer(first: DubLine, second: DubLine): boolean {
  return speakerKey(first) !== speakerKey(second);
}

/** Two neighbours as one line from the first's start to the second's end, with the chosen speaker. */
export function mergedLine(first: DubLine, second: DubLine, keep: DubLine): DubLine {
  const translation =
    first.translation === null && second.translation === null ? null : joinText(first.translation ?? '', second.translation ?? '');
  const { words: _words, ...rest } = first;
  return {
    ...rest,
    endMs: second.endMs,
    text: joinText(first.text, second.text),
    translation,
    translationStale: first.translationStale === true || second.translationStale === true,
    speaker: keep.speaker ?? null,
    speakerId: keep.speakerId ?? null,
    overrunMs: null,
    revoice: true,
  };
}

export function mergeRefusal(first: DubLine, second: DubLine, merged: DubLine): EditRefusal | null {
  return frameRefusal(dubLineCharExcess(first) + dubLineCharExcess(second), merged);
}

export function withSpeaker(line: DubLine, speaker: DubSpeaker): DubLine {
  return touched(line, { speakerId: speaker.id, speaker: speaker.name });
}

/** The name shown on every line of the speaker; a line of another speaker stays the same object. */
export function renamedOnLines(lines: readonly DubLine[], speakerId: string, name: string): DubLine[] {
  let changed = false;
  const next = lines.map((line) => {
    if (line.speakerId !== speakerId || line.speaker === name) return line;
    changed = true;
    return { ...line, speaker: name };
  });
  return changed ? next : (lines as DubLine[]);
}

/** A speaker name as it is saved: trimmed, at most the contract's length; null when empty. */
export function speakerName(name: string): string | null {
  const trimmed = Array.from(name.trim()).slice(0, DUB_EDITOR_LIMITS.maxSpeakerNameChars).join('');
  return trimmed === '' ? null : trimmed;
}

/** The same line as far as an editor shows it (a speaker renamed everywhere copies lines without changing them). */
function sameLine(a: DubLine, b: DubLine): boolean {
  return a === b || (a.id === b.id && a.startMs === b.startMs && a.endMs === b.endMs && a.text === b.text && a.translation === b.translation && a.speakerId === b.speakerId);
}

/**
 * The line an undo or redo brings back or changes, for the selection to land on (as Subtitle Edit
 * does): the first line of `to` that `from` does not have as it is — a deleted line restored, a text
 * or time put back, the line after one removed. Null when nothing differs; the last line when `to`
 * only lost lines at its end. Untouched lines are shared between history states, so this is a walk of
 * identities up to the change.
 */
export function touchedLineId(from: readonly DubLine[], to: readonly DubLine[]): string | null {
  for (let index = 0; index < to.length; index += 1) {
    const before = from[index];
    if (!before || !sameLine(before, to[index]!)) return to[index]!.id;
  }
  return to.length < from.length ? (to.at(-1)?.id ?? null) : null;
}
