// The shapes the vocabulary screens draw (props in, events out; the routes map machine state to these).
import { VOCABULARY_KIND_RULES, VOCABULARY_KINDS, type VocabularyKind } from '../../shared/contract/vocabulary-kinds';

export type KindName = VocabularyKind;
export const KIND_NAMES: readonly KindName[] = VOCABULARY_KINDS;

export interface LibraryRow {
  id: string;
  kind: KindName;
  name: string;
  language?: string | null;
  translationLanguage?: string | null;
  wordCount: number;
  isDefault?: boolean;
  createTime: string;
}

export interface EntryRow {
  id: string;
  source: string;
  target?: string | null;
}

/** A failure to show: the server's own translated words, else a key of ours with its values. */
export interface ShownError {
  message?: string | undefined;
  key?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

export const isPaired = (kind: KindName) => VOCABULARY_KIND_RULES[kind].paired;

/** A language code in the interface language ("en-US" → "English (United States)"), the code when unknown. */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
