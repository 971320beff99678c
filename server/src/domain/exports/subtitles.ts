// Plain text, SRT and WebVTT renderings of a transcript.
import type { ExportContent, TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { segmentLines } from './segment-lines';
import { clock, timecode } from './timecode';

export interface TextExportOptions {
  content: ExportContent;
  speakers: boolean;
}

export function toTxt(title: string, segments: TranscriptSegment[], options: TextExportOptions): string {
  const blocks = segments
    .map((segment) => {
      const lines = segmentLines(segment, options.content);
      if (lines.length === 0) return null;
      const who = options.speakers && segment.speaker ? ` ${segment.speaker}` : '';
      return [`[${clock(segment.startMs)}]${who}`, ...lines].join('\n');
    })
    .filter((block): block is string => block !== null);
  return [title, '', ...blocks.flatMap((block) => [block, ''])].join('\n');
}

export function toSrt(segments: TranscriptSegment[], options: TextExportOptions): string {
  let index = 0;
  const cues: string[] = [];
  for (const segment of segments) {
    const lines = segmentLines(segment, options.content);
    if (lines.length === 0) continue;
    const [first, ...rest] = lines;
    const speaker = options.speakers && segment.speaker ? `${segment.speaker}: ` : '';
    index += 1;
    cues.push(
      [String(index), `${timecode(segment.startMs, ',')} --> ${timecode(segment.endMs, ',')}`, `${speaker}${first}`, ...rest].join('\n'),
    );
  }
  return cues.join('\n\n') + (cues.length ? '\n' : '');
}

// WebVTT forbids "-->" inside cue text and treats < and & as markup.
const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;');

export function toVtt(segments: TranscriptSegment[], options: TextExportOptions): string {
  const cues: string[] = [];
  for (const segment of segments) {
    const lines = segmentLines(segment, options.content).map(escapeVtt);
    if (lines.length === 0) continue;
    const [first, ...rest] = lines;
    const voice = options.speakers && segment.speaker ? `<v ${escapeVtt(segment.speaker).replace(/>/g, '')}>` : '';
    cues.push([`${timecode(segment.startMs, '.')} --> ${timecode(segment.endMs, '.')}`, `${voice}${first}`, ...rest].join('\n'));
  }
  return ['WEBVTT', '', ...cues.flatMap((cue) => [cue, ''])].join('\n');
}
