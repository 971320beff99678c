// Attached subtitles: decoded (UTF-16 by its BOM, UTF-8, else GBK, which Chinese subtitle tools still write), parsed
// leniently in layout (blank-line runs, BOM, CRLF, comma or dot before milliseconds) and strictly in
// timing: a cue whose end is not after its start, a cue starting before the previous one ends, or a
// cue running past the video is refused with the cue number, since a dub built on it would be wrong.
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

/**
 * UTF-16 when it starts with its BOM (Windows Notepad's "Unicode"), UTF-8 when the bytes are valid
 * UTF-8 (with or without BOM), else GBK (a superset of GB2312).
 */
export function decodeSubtitleBytes(bytes: Uint8Array | string): string {
  if (typeof bytes === 'string') return bytes.replace(/^\uFEFF/, '');
  // The decoders drop the BOM itself.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

const TIMING = /^\s*(\d{1,2}):(\d{1,2}):(\d{1,2})[,.](\d{1,3})\s*-->\s*(\d{1,2}):(\d{1,2}):(\d{1,2})[,.](\d{1,3})/;

const toMs = (h: string, m: string, s: string, ms: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms.padEnd(3, '0'));

export function parseSrt(text: string, videoDurationMs?: number): SrtCue[] {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/).map((b) => b.trim()).filter(Boolean);
  if (blocks.length === 0) throw new DubbingError('engines:dubSrtEmpty', 'lines');
  const cues: SrtCue[] = [];
  blocks.forEach((block, index) => {
    const line = index + 1;
    const rows = block.split('\n');
    const timingRow = rows.findIndex((row) => row.includes('-->'));
    const match = timingRow >= 0 ? TIMING.exec(rows[timingRow]!) : null;
    if (!match || timingRow > 1) throw new DubbingError('engines:dubSrtTiming', 'lines', { line });
    const startMs = toMs(match[1]!, match[2]!, match[3]!, match[4]!);
    const endMs = toMs(match[5]!, match[6]!, match[7]!, match[8]!);
    if (endMs <= startMs || Number(match[2]) > 59 || Number(match[3]) > 59 || Number(match[6]) > 59 || Number(match[7]) > 59) {
      throw new DubbingError('engines:dubSrtTiming', 'lines', { line });
    }
    const previous = cues[cues.length - 1];
    if (previous && startMs < previous.endMs) throw new DubbingError('engines:dubSrtOverlap', 'lines', { line });
    if (videoDurationMs !== undefined && endMs > videoDurationMs + 500) {
      throw new DubbingError('engines:dubSrtBeyondVideo', 'lines', { line, durationMs: videoDurationMs });
    }
    cues.push({ line, startMs, endMs: Math.min(endMs, videoDurationMs ?? endMs), text: rows.slice(timingRow + 1).join('\n').trim() });
  });
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

export function formatSrt(cues: { startMs: number; endMs: number; text: string }[]): string {
  return cues.map((c, i) => `${i + 1}\n${stamp(c.startMs)} --> ${stamp(c.endMs)}\n${c.text}\n`).join('\n');
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
