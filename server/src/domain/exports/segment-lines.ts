import type { ExportContent, TranscriptSegment } from '../../../../src/shared/contract/transcript';

/**
 * How an export speaks of a stale translation (its original text was edited after it was made),
 * in the reader's language. Subtitle files (SRT, WebVTT) leave such a translation out: a player or
 * a burn-in shows every character of a cue to the audience, so a bracketed warning would end up on
 * screen, and a wrong subtitle is worse than none (Subtitle Edit flags such lines in its editor,
 * never in the file). Documents (TXT, DOCX) are read by people reviewing the transcript, as Otter
 * users do, so there the old translation stays, marked, and a note at the top says how many.
 */
export interface StaleLabels {
  /** Put before a stale translation in documents. */
  mark: string;
  /** Note at the top of a document with marked translations. */
  markedNote(count: number): string;
  /** Note in a subtitle file (WebVTT NOTE) whose stale translations were left out. */
  leftOutNote(count: number): string;
}

export const ENGLISH_STALE_LABELS: StaleLabels = {
  mark: '[translation out of date]',
  markedNote: (count) => `${count} translation(s) out of date (the original text was edited after they were made) are marked [translation out of date].`,
  leftOutNote: (count) => `${count} translation(s) out of date (the original text was edited after they were made) were left out.`,
};

const isStale = (segment: TranscriptSegment) => segment.translationStale === true && (segment.translation?.trim() ?? '') !== '';

/** Stale translations the content would show (none for the original alone). */
export function staleCount(segments: TranscriptSegment[], content: ExportContent): number {
  return content === 'original' ? 0 : segments.filter(isStale).length;
}

/**
 * The text lines of one segment for the chosen content; a missing translation falls back to
 * nothing. A stale translation is left out when `staleMark` is null, else shown after the mark.
 */
export function segmentLines(segment: TranscriptSegment, content: ExportContent, staleMark: string | null = null): string[] {
  const original = segment.text.trim();
  let translation = segment.translation?.trim() ?? '';
  if (translation && isStale(segment)) translation = staleMark === null ? '' : `${staleMark} ${translation}`;
  if (content === 'original') return [original];
  if (content === 'translation') return translation ? [translation] : [];
  return translation ? [original, translation] : [original];
}
