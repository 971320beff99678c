// SRT read the way srt-parser-2 and Subtitle Edit read it, not the way the format is written down:
// a timing line starts a cue wherever it stands (files with no blank line between cues exist), a
// blank line inside a cue's text does not end it, the number line is optional and its value ignored
// (gaps, duplicates), comma, dot or colon before 1–4 digits of milliseconds, one-digit hours, minutes
// and seconds, trailing spaces and position tags after the timing, CRLF, CR or LF. What cannot be
// read is refused with the cue (counted from 1 in the file) and the file line where it was seen.

export interface ParsedCue {
  /** 1-based position among the file's cues (what an editor shows), not the number written in it. */
  cue: number;
  /** 1-based line of the file holding the cue's timing. */
  row: number;
  startMs: number;
  endMs: number;
  /** The text rows, blank rows and outer spaces dropped, joined by '\n'. */
  text: string;
}

export type SrtProblem = 'empty' | 'timing';

export class SrtFormatError extends Error {
  constructor(
    readonly problem: SrtProblem,
    /** The cue at fault (1-based); for text before any timing, the cue it would have been. */
    readonly cue: number,
    /** The file line at fault (1-based). */
    readonly row: number,
  ) {
    super(`SRT ${problem} at cue ${cue}, line ${row}`);
    this.name = 'SrtFormatError';
  }
}

const STAMP = String.raw`(\d{1,2}):(\d{1,2}):(\d{1,2})[,.:](\d{1,4})`;
const TIMING = new RegExp(String.raw`^\s*${STAMP}\s*-->\s*${STAMP}(?:\s.*)?$`);
const NUMBER = /^\s*\d+\s*$/;

function stampMs(parts: (string | undefined)[]): number | null {
  const [h, m, s, ms = '0'] = parts;
  if (Number(m) > 59 || Number(s) > 59) return null;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms.padEnd(3, '0').slice(0, 3));
}

interface Building {
  cue: number;
  row: number;
  startMs: number;
  endMs: number;
  rows: string[];
}

function finish(cue: Building): ParsedCue {
  return { cue: cue.cue, row: cue.row, startMs: cue.startMs, endMs: cue.endMs, text: cue.rows.map((r) => r.trim()).filter(Boolean).join('\n') };
}

/** A line with the arrow that starts like a timing but is not one (no milliseconds, minutes over 59…). */
const BROKEN_TIMING = /^\s*\d.*-->/;
/** Times with a short arrow ("->") or none: a broken timing where a timing belongs (after a cue number). */
const TIMING_LIKE = /^\s*\d{1,2}:\d{1,2}:\d{1,2}([,.]\d+)?\s*(-+>\s*)?\d{1,2}:\d{1,2}:\d{1,2}([,.]\d+)?(\s.*)?$/;

/**
 * Where a timing belongs: right under a number line that opens the file or follows a blank line. A
 * row elsewhere that merely looks like times (or shows "->", what our exports make of "-->") is text.
 */
function brokenTiming(rows: readonly string[], index: number): boolean {
  const row = rows[index]!;
  if (BROKEN_TIMING.test(row)) return true;
  if (!TIMING_LIKE.test(row) || index === 0 || !NUMBER.test(rows[index - 1]!)) return false;
  return index === 1 || rows[index - 2]!.trim() === '';
}

function closeCue(current: Building): ParsedCue {
  // The number line right above a timing line is the next cue's number, not this cue's text.
  while (current.rows.length > 0 && current.rows[current.rows.length - 1]!.trim() === '') current.rows.pop();
  if (current.rows.length > 0 && NUMBER.test(current.rows[current.rows.length - 1]!)) current.rows.pop();
  return finish(current);
}

/** Cues of an SRT text (already decoded); throws SrtFormatError naming the cue and line. */
export function parseSrtStructure(text: string): ParsedCue[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: ParsedCue[] = [];
  let current: Building | null = null;
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const timing = TIMING.exec(raw);
    if (timing) {
      if (current) cues.push(closeCue(current));
      const cue = cues.length + 1;
      const startMs = stampMs(timing.slice(1, 5));
      const endMs = stampMs(timing.slice(5, 9));
      if (startMs === null || endMs === null || endMs <= startMs) throw new SrtFormatError('timing', cue, row);
      current = { cue, row, startMs, endMs, rows: [] };
    } else if (brokenTiming(rows, index)) {
      throw new SrtFormatError('timing', cues.length + (current ? 2 : 1), row);
    } else if (current) {
      current.rows.push(raw);
    } else if (raw.trim() !== '' && !NUMBER.test(raw)) {
      // Before the first timing only the first cue's number (and blank lines) may stand.
      throw new SrtFormatError('timing', 1, row);
    }
  }
  if (current) cues.push(closeCue(current));
  if (cues.length === 0) throw new SrtFormatError('empty', 1, rows.length);
  return cues;
}
