// Plain text, SRT and WebVTT renderings of a transcript.
import type { ExportContent, TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { timeCues } from './cue-timing';
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
    .filter((cue) => cue.lines.length > 0)
    .sort((a, b) => a.segment.startMs - b.segment.startMs);
  const times = timeCues(shown.map((cue) => cue.segment));
  return shown.map((cue, index) => ({ ...cue, ...times[index]! }));
}

export function toSrt(segments: TranscriptSegment[], options: TextExportOptions): string {
  const cues = subtitleCues(segments, options.content).map(({ segment, lines, startMs, endMs }, index) => {
    const [first, ...rest] = lines;
    const speaker = options.speakers && segment.speaker ? `${segment.speaker}: ` : '';
    return [String(index + 1), `${timecode(startMs, ',')} --> ${timecode(endMs, ',')}`, `${speaker}${first}`, ...rest].join('\n');
  });
  return cues.join('\n\n') + (cues.length ? '\n' : '');
}

// WebVTT forbids "-->" inside cue text and treats < and & as markup.
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;');

export function toVtt(segments: TranscriptSegment[], options: TextExportOptions): string {
  const cues = subtitleCues(segments, options.content).map(({ segment, lines, startMs, endMs }) => {
    const [first, ...rest] = lines.map(escapeVtt);
    const voice = options.speakers && segment.speaker ? `<v ${escapeVtt(segment.speaker).replace(/>/g, '')}>` : '';
    return [`${timecode(startMs, '.')} --> ${timecode(endMs, '.')}`, `${voice}${first}`, ...rest].join('\n');
  });
  // SRT has no comments; WebVTT says in a NOTE block that stale translations were left out.
  const stale = staleCount(segments, options.content);
  const note = stale ? [`NOTE ${escapeVtt((options.stale ?? ENGLISH_STALE_LABELS).leftOutNote(stale))}`, ''] : [];
  return ['WEBVTT', '', ...note, ...cues.flatMap((cue) => [cue, ''])].join('\n');
}
