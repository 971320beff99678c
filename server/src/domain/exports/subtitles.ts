// Plain text, SRT and WebVTT renderings of a transcript.
import type { ExportContent, TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { timeCues } from './cue-timing';
import { cueRows, escapeVtt, oneRow, srtCueRows, vttCueRows } from '../subtitles/cue-text';
import { ENGLISH_STALE_LABELS, segmentLines, staleCount, type StaleLabels } from './segment-lines';
import { clock, timecode } from './timecode';

export interface TextExportOptions {
  content: ExportContent;
  speakers: boolean;
  /** Wording about stale translations, in the reader's language (English when absent). */
  stale?: StaleLabels;
}

export function toTxt(title: string, segments: TranscriptSegment[], options: TextExportOptions): string {
  const labels = options.stale ?? ENGLISH_STALE_LABELS;
  const stale = staleCount(segments, options.content);
  const blocks = segments
    .map((segment) => {
      const lines = segmentLines(segment, options.content, labels.mark);
      if (lines.length === 0) return null;
      const who = options.speakers && segment.speaker ? ` ${segment.speaker}` : '';
      return [`[${clock(segment.startMs)}]${who}`, ...lines].join('\n');
    })
    .filter((block): block is string => block !== null);
  return [title, '', ...(stale ? [labels.markedNote(stale), ''] : []), ...blocks.flatMap((block) => [block, ''])].join('\n');
}

/** The segments that make a cue for this content, in start order, with broadcast-rule times. */
export function subtitleCues(segments: TranscriptSegment[], content: ExportContent): { segment: TranscriptSegment; lines: string[]; startMs: number; endMs: number }[] {
  const shown = segments
    .map((segment) => ({ segment, lines: segmentLines(segment, content) }))
    // A cue with nothing to show after the format's normalising (blank or control characters only) is none.
    .filter((cue) => cueRows(cue.lines).length > 0)
    .sort((a, b) => a.segment.startMs - b.segment.startMs);
  const times = timeCues(shown.map((cue) => cue.segment));
  return shown.map((cue, index) => ({ ...cue, ...times[index]! }));
}

export function toSrt(segments: TranscriptSegment[], options: TextExportOptions): string {
  const cues = subtitleCues(segments, options.content)
    .map(({ segment, lines, startMs, endMs }) => {
      const speaker = options.speakers && segment.speaker ? `${srtCueRows([oneRow(segment.speaker)]).join(' ')}: ` : '';
      const [first, ...rest] = srtCueRows(lines);
      return first === undefined ? null : { startMs, endMs, rows: [`${speaker}${first}`, ...rest] };
    })
    .filter((cue) => cue !== null)
    .map(({ startMs, endMs, rows }, index) => [String(index + 1), `${timecode(startMs, ',')} --> ${timecode(endMs, ',')}`, ...rows].join('\n'));
  return cues.join('\n\n') + (cues.length ? '\n' : '');
}

export function toVtt(segments: TranscriptSegment[], options: TextExportOptions): string {
  const cues = subtitleCues(segments, options.content)
    .map(({ segment, lines, startMs, endMs }) => {
      const [first, ...rest] = vttCueRows(lines);
      if (first === undefined) return null;
      // The voice annotation ends at the first ">", so the name holds none, nor a "--" that would make "-->" with it.
      const name = options.speakers && segment.speaker ? escapeVtt(oneRow(segment.speaker).replace(/>/g, '').replace(/-+$/, '').trim()) : '';
      const voice = name ? `<v ${name}>` : '';
      return [`${timecode(startMs, '.')} --> ${timecode(endMs, '.')}`, `${voice}${first}`, ...rest].join('\n');
    })
    .filter((cue) => cue !== null);
  // SRT has no comments; WebVTT says in a NOTE block that stale translations were left out.
  const stale = staleCount(segments, options.content);
  const note = stale ? [`NOTE ${escapeVtt(oneRow((options.stale ?? ENGLISH_STALE_LABELS).leftOutNote(stale)))}`, ''] : [];
  return ['WEBVTT', '', ...note, ...cues.flatMap((cue) => [cue, ''])].join('\n');
}
