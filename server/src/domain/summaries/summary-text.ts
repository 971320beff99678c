// Which transcript a summary is made from, and in which language. By default the record's own
// language from its own lines. Another language `lang` is served from the record's translation lines
// when the record has them in that language; otherwise the summary is made from the original lines
// and then translated by the registry's translator, which must exist before anything is generated.
import { createHash } from 'node:crypto';
import type { RecordRow, RecordSegmentRow } from '../../db/schema';
import type { SummaryLine } from '../../engines/types';

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function recordLanguage(row: RecordRow): string {
  return listOf(row.languages)[0] ?? 'en-US';
}

export function summaryLanguage(row: RecordRow, requested: string | undefined): string {
  return requested ?? recordLanguage(row);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export interface SummarySource {
  /** The language the summary is asked in. */
  lang: string;
  /** The language of the lines it is made from. */
  sourceLang: string;
  lines: SummaryLine[];
  /** True when the summary must be translated from sourceLang into lang after it is made. */
  needsTranslation: boolean;
}

export function summarySource(row: RecordRow, segments: RecordSegmentRow[], lang: string): SummarySource {
  const original = recordLanguage(row);
  const fromTranslation =
    !same(original, lang) && listOf(row.target_languages).some((target) => same(target, lang)) && segments.some((s) => s.translation?.trim());
  const lines = segments
    .map((s): SummaryLine => ({ text: (fromTranslation ? (s.translation ?? '') : s.text).trim(), speaker: s.speaker, startMs: s.start_ms }))
    .filter((line) => line.text);
  const sourceLang = fromTranslation || same(original, lang) ? lang : original;
  return { lang, sourceLang, lines, needsTranslation: !same(sourceLang, lang) };
}

/** Identifies the lines a summary was made from: an edit, a merge or a renamed speaker changes it. */
export function linesHash(lines: readonly SummaryLine[]): string {
  return createHash('sha256')
    .update(JSON.stringify(lines.map((l) => [l.speaker ?? '', l.text])))
    .digest('hex');
}
