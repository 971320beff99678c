// The rules one entry must meet, shared by hand edits (editData) and Excel rows (import): trimmed,
// not empty, no control characters, at most the kind's characters per side (code points, as the
// contract counts), both sides for terms and replacements. HTML is ordinary text: it is stored as
// typed and only ever rendered escaped. Problems use the contract's codes (VocabularyImportPreview).
import {
  VOCABULARY_ENTRY_CHARS,
  VOCABULARY_PAIRED,
  type VocabularyKindName,
} from '../../../../src/shared/contract/vocabulary-limits';
import { codePointLength } from '../records/display-name';

export type EntryProblem = 'empty' | 'tooLong' | 'control' | 'bothRequired' | 'duplicate' | 'overCap' | 'formula';

// C0, DEL, C1 and the Unicode line/paragraph separators (the display-name rule of records and folders).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export interface CheckedEntry {
  source: string;
  /** Null for one-sided kinds (proper words, sensitive words): a target sent for them is dropped. */
  target: string | null;
  /** What duplicates are found by: NFKC and case-folded, so 'Ｐarley' and 'parley' are one word. */
  key: string;
}

export function entryKey(source: string): string {
  return source.normalize('NFKC').toLocaleLowerCase('und');
}

function sideProblems(text: string, limit: number): EntryProblem[] {
  const problems: EntryProblem[] = [];
  if (CONTROL_CHARACTERS.test(text)) problems.push('control');
  if (codePointLength(text) > limit) problems.push('tooLong');
  return problems;
}

/** The entry as stored, or every problem it has (in a stable order). */
export function checkEntry(kind: VocabularyKindName, raw: { source?: string | null; target?: string | null }): CheckedEntry | { problems: EntryProblem[] } {
  const limit = VOCABULARY_ENTRY_CHARS[kind];
  const paired = VOCABULARY_PAIRED[kind];
  const source = (raw.source ?? '').trim();
  const target = paired ? (raw.target ?? '').trim() : '';
  const problems = new Set<EntryProblem>();
  if (!paired && source === '') problems.add('empty');
  if (paired && (source === '' || target === '')) problems.add(source === '' && target === '' ? 'empty' : 'bothRequired');
  for (const p of sideProblems(source, limit)) problems.add(p);
  if (paired) for (const p of sideProblems(target, limit)) problems.add(p);
  if (problems.size > 0) return { problems: [...problems] };
  return { source, target: paired ? target : null, key: entryKey(source) };
}

export function isProblem(checked: CheckedEntry | { problems: EntryProblem[] }): checked is { problems: EntryProblem[] } {
  return 'problems' in checked;
}
