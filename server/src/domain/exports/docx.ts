// Word export through the `docx` library: a real .docx package rather than HTML with a .doc name.
import type { TranscriptSegment } from '../../../../src/shared/contract/transcript';
import { ENGLISH_STALE_LABELS, segmentLines, staleCount } from './segment-lines';
import type { TextExportOptions } from './subtitles';
import { clock } from './timecode';

export async function toDocx(title: string, segments: TranscriptSegment[], options: TextExportOptions): Promise<Buffer> {
  // Loaded on the first Word export rather than at server start.
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const labels = options.stale ?? ENGLISH_STALE_LABELS;
  const stale = staleCount(segments, options.content);
  const paragraphs = segments.flatMap((segment) => {
    const lines = segmentLines(segment, options.content, labels.mark);
    if (lines.length === 0) return [];
    const heading = new Paragraph({
      spacing: { before: 200 },
      children: [
        new TextRun({ text: clock(segment.startMs), color: '666666' }),
        ...(options.speakers && segment.speaker ? [new TextRun({ text: `  ${segment.speaker}`, bold: true })] : []),
      ],
    });
    return [heading, ...lines.map((line, i) => new Paragraph({ children: [new TextRun({ text: line, italics: i > 0 })] }))];
  });
  const document = new Document({
    title,
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          ...(stale ? [new Paragraph({ children: [new TextRun({ text: labels.markedNote(stale), color: 'B00020' })] })] : []),
          ...paragraphs,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
