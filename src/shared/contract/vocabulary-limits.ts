// Vocabulary limits of the spec (features §5 Vocabulary, §9), named once so the client's checks and
// the server's enforcement read the same numbers. The server is the authority; the client checks
// only so a user sees the problem before a call.
export const VOCABULARY_KINDS = ['properWords', 'translationTerms', 'sensitiveWords', 'wordReplacement'] as const;
export type VocabularyKindName = (typeof VOCABULARY_KINDS)[number];

export const VOCABULARY_LIBRARY_NAME_MAX = 50;
/** Longest entry side (each of source and target) per kind. Sensitive words and replacements share the terms' column width. */
export const VOCABULARY_ENTRY_MAX_CHARS: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 50,
  translationTerms: 100,
  sensitiveWords: 100,
  wordReplacement: 100,
};
/** Entries a library may hold when added by hand. */
export const VOCABULARY_ENTRY_CAP: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 150,
  translationTerms: 200,
  sensitiveWords: 150,
  wordReplacement: 200,
};
/** Data rows one Excel import may carry (sensitive words: 300 by import). */
export const VOCABULARY_IMPORT_ROW_CAP: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 150,
  translationTerms: 200,
  sensitiveWords: 300,
  wordReplacement: 200,
};
export const VOCABULARY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const VOCABULARY_IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;
/** Kinds whose entries have a second side (translation, text after replacement), required when present. */
export const VOCABULARY_PAIRED_KINDS: readonly VocabularyKindName[] = ['translationTerms', 'wordReplacement'];
