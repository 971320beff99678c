// Client-side checks that mirror the server's vocabulary limits (features §5, §9). They only spare a
// call that would be refused; the server checks again and its translated refusal is what counts.
import {
  VOCABULARY_HAND_CAP,
  VOCABULARY_ENTRY_CHARS,
  VOCABULARY_IMPORT_EXTENSIONS,
  VOCABULARY_IMPORT_MAX_BYTES,
  VOCABULARY_NAME_MAX,
  VOCABULARY_PAIRED,
  type VocabularyKindName,
} from '../../shared/contract/vocabulary-limits';

export const NAME_REQUIRED_KEY = 'vocabulary:nameRequired';
export const NAME_TOO_LONG_KEY = 'vocabulary:nameTooLong';
export const ENTRY_REQUIRED_KEY = 'vocabulary:entryRequired';
export const ENTRY_TOO_LONG_KEY = 'vocabulary:entryTooLong';
export const BOTH_SIDES_KEY = 'vocabulary:bothSidesRequired';
export const CONTROL_CHARS_KEY = 'vocabulary:controlCharacters';
export const ENTRY_CAP_KEY = 'vocabulary:entryCapReached';
export const ONE_FILE_KEY = 'vocabulary:importOneFile';
export const FILE_TYPE_KEY = 'vocabulary:importExcelOnly';
export const FILE_SIZE_KEY = 'vocabulary:importTooLarge';
export const FILE_EMPTY_KEY = 'vocabulary:importEmptyFile';

export interface RuleProblem {
  key: string;
  params?: Record<string, string | number>;
}

// Control characters other than nothing: the server refuses them; tabs and newlines included (one line per entry).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function libraryNameProblem(name: string): RuleProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return { key: NAME_REQUIRED_KEY };
  if ([...trimmed].length > VOCABULARY_NAME_MAX) return { key: NAME_TOO_LONG_KEY, params: { max: VOCABULARY_NAME_MAX } };
  if (CONTROL.test(trimmed)) return { key: CONTROL_CHARS_KEY };
  return null;
}

export const isPairedKind = (kind: VocabularyKindName) => VOCABULARY_PAIRED[kind];

/** The first problem of an entry as typed (source, and target for terms and replacements). */
export function entryProblem(kind: VocabularyKindName, source: string, target: string): RuleProblem | null {
  const max = VOCABULARY_ENTRY_CHARS[kind];
  const sides = isPairedKind(kind) ? [source.trim(), target.trim()] : [source.trim()];
  if (!sides[0]) return { key: ENTRY_REQUIRED_KEY };
  if (sides.some((side) => !side)) return { key: BOTH_SIDES_KEY };
  if (sides.some((side) => [...side].length > max)) return { key: ENTRY_TOO_LONG_KEY, params: { max } };
  if (sides.some((side) => CONTROL.test(side))) return { key: CONTROL_CHARS_KEY };
  return null;
}

/** Whether one more entry would pass the kind's cap (by hand). */
export function capProblem(kind: VocabularyKindName, total: number): RuleProblem | null {
  const cap = VOCABULARY_HAND_CAP[kind];
  return total >= cap ? { key: ENTRY_CAP_KEY, params: { max: cap } } : null;
}

export interface ChosenFile {
  name: string;
  size: number;
}

/** features §5: one file only, Excel only (.xlsx: the server refuses the old binary .xls), at most 5 MB. */
export function importFileProblem(files: readonly ChosenFile[]): RuleProblem | null {
  if (files.length !== 1) return { key: ONE_FILE_KEY };
  const file = files[0]!;
  const lower = file.name.toLowerCase();
  if (!VOCABULARY_IMPORT_EXTENSIONS.some((extension) => lower.endsWith(extension))) return { key: FILE_TYPE_KEY };
  if (file.size === 0) return { key: FILE_EMPTY_KEY };
  if (file.size > VOCABULARY_IMPORT_MAX_BYTES) return { key: FILE_SIZE_KEY, params: { max: VOCABULARY_IMPORT_MAX_BYTES / (1024 * 1024) } };
  return null;
}
