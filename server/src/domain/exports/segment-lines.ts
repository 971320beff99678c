import type { ExportContent, TranscriptSegment } from '../../../../src/shared/contract/transcript';

/** The text lines of one segment for the chosen content; a missing translation falls back to nothing. */
export function segmentLines(segment: TranscriptSegment, content: ExportContent): string[] {
  const original = segment.text.trim();
  const translation = segment.translation?.trim() ?? '';
  if (content === 'original') return [original];
  if (content === 'translation') return translation ? [translation] : [];
  return translation ? [original, translation] : [original];
}
