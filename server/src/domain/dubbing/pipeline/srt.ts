// Attached subtitles: read by the one SRT reader (domain/subtitles: encoding detected, layout read
// leniently) and checked strictly in timing here: a cue starting before the previous one ends or
// running past the video is refused with the cue number, since a dub built on it would be wrong.
import { srtCueRows } from '../../subtitles/cue-text';
import { decodeSubtitle } from '../../subtitles/srt-encoding';
import { parseSrtStructure, SrtFormatError } from '../../subtitles/srt-structure';
import { DubbingError } from './errors';

export type SrtType = 1 | 2 | 3;

export interface SrtCue {
  /** 1-based position in the file (what an editor shows), not the number written in it. */
  line: number;
  startMs: number;
  endMs: number;
  text: string;
}

export interface SrtLine {
  startMs: number;
  endMs: number;
  source: string;
  translation: string | null;
}

/** The text of a subtitle file, its encoding detected (see srt-encoding.ts). */
export function decodeSubtitleBytes(bytes: Uint8Array | string): string {
  if (typeof bytes === 'string') return bytes.replace(/^\uFEFF/, '');
  return decodeSubtitle(bytes).text;
}

function structureOf(text: string) {
  try {
    return parseSrtStructure(text);
  } catch (error) {
    if (!(error instanceof SrtFormatError)) throw error;
    const key = error.problem === 'empty' ? 'engines:dubSrtEmpty' : 'engines:dubSrtTiming';
    throw new DubbingError(key, 'lines', { line: error.cue, row: error.row });
  }
}

export function parseSrt(text: string, videoDurationMs?: number): SrtCue[] {
  const cues: SrtCue[] = [];
  for (const parsed of structureOf(text)) {
    const params = { line: parsed.cue, row: parsed.row };
    const previous = cues[cues.length - 1];
    if (previous && parsed.startMs < previous.endMs) throw new DubbingError('engines:dubSrtOverlap', 'lines', params);
    if (videoDurationMs !== undefined && parsed.endMs > videoDurationMs + 500) {
      throw new DubbingError('engines:dubSrtBeyondVideo', 'lines', { ...params, durationMs: videoDurationMs });
    }
    cues.push({ line: parsed.cue, startMs: parsed.startMs, endMs: Math.min(parsed.endMs, videoDurationMs ?? parsed.endMs), text: parsed.text });
  }
  return cues;
}

/**
 * Lines of the dub from cues by SRT type: 1 source text (translated later), 2 translation (dubbed as
 * is), 3 bilingual (first text row the source, the rest its translation).
 */
export function srtLines(cues: SrtCue[], type: SrtType): SrtLine[] {
  return cues.map((cue) => {
    const rows = cue.text.split('\n').map((r) => r.trim()).filter(Boolean);
    if (type === 1) return { startMs: cue.startMs, endMs: cue.endMs, source: rows.join(' '), translation: null };
    if (type === 2) return { startMs: cue.startMs, endMs: cue.endMs, source: '', translation: rows.join(' ') };
    if (rows.length < 2) throw new DubbingError('engines:dubSrtMissingTranslation', 'lines', { line: cue.line });
    return { startMs: cue.startMs, endMs: cue.endMs, source: rows[0]!, translation: rows.slice(1).join(' ') };
  });
}

const stamp = (ms: number) => {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)},${pad(t % 1000, 3)}`;
};

export type SubtitleKind = 'source' | 'translation' | 'bilingual';

/** A line's text in one of a dub's subtitle files: the bilingual one holds the source above the translation. */
export function subtitleText(kind: SubtitleKind, line: { source: string; translation: string }): string {
  if (kind === 'source') return line.source;
  if (kind === 'translation') return line.translation;
  return [line.source, line.translation].filter(Boolean).join('\n');
}

/** An SRT every parser reads alike: each cue's text normalised (see cue-text.ts), cues with none left out. */
export function formatSrt(cues: { startMs: number; endMs: number; text: string }[]): string {
  return cues
    .map((c) => ({ ...c, rows: srtCueRows([c.text]) }))
    .filter((c) => c.rows.length > 0)
    .map((c, i) => `${i + 1}\n${stamp(c.startMs)} --> ${stamp(c.endMs)}\n${c.rows.join('\n')}\n`)
    .join('\n');
}

/**
 * Burn-in segments: a line longer than charsPerSegment is cut at word boundaries (or anywhere, for
 * scripts without spaces) into pieces shown one after the other, each for its share of the line's time.
 */
export function segmentForBurnIn(line: { startMs: number; endMs: number; text: string }, charsPerSegment: number) {
  const limit = Math.max(1, Math.floor(charsPerSegment));
  const chars = [...line.text.trim()];
  const pieces: string[] = [];
  let rest = chars;
  while (rest.length > limit) {
    let cut = rest.lastIndexOf(' ', limit);
    if (cut <= 0) cut = limit;
    pieces.push(rest.slice(0, cut).join('').trim());
    rest = rest.slice(cut);
  }
  if (rest.join('').trim()) pieces.push(rest.join('').trim());
  const total = pieces.reduce((n, p) => n + p.length, 0) || 1;
  let at = line.startMs;
  return pieces.map((text) => {
    const startMs = at;
    at += ((line.endMs - line.startMs) * text.length) / total;
    return { startMs, endMs: at, text };
  });
}
