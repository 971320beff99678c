// Which text a summary is made from: the transcript in the record's own language, or its
// translation when the summary is asked in the translation's language (and the lines have one).
import type { RecordRow, RecordSegmentRow } from '../../db/schema';
import { languageMatches } from '../../engines/languages';

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function summaryLanguage(row: RecordRow, requested: string | undefined): string {
  return requested ?? listOf(row.languages)[0] ?? 'en-US';
}

/** Whole sentences per line, so the extractive summariser splits where the speakers stopped. */
export function summarySource(row: RecordRow, segments: RecordSegmentRow[], language: string): string {
  const source = listOf(row.languages)[0];
  const isTranslation =
    listOf(row.target_languages).some((target) => target.toLowerCase() === language.toLowerCase()) &&
    !(source && source.toLowerCase() === language.toLowerCase()) &&
    segments.some((s) => s.translation?.trim());
  const texts = segments.map((s) => (isTranslation ? (s.translation ?? '') : s.text).trim()).filter(Boolean);
  // A line without final punctuation still ends a thought; give it a full stop the splitter sees.
  const chinese = languageMatches('zh', language);
  return texts.map((t) => (/[.!?。！？…]$/.test(t) ? t : `${t}${chinese ? '。' : '.'}`)).join(chinese ? '' : ' ');
}
