// Vocabulary limits of features §5 and §9, named once for the server (which enforces them) and the
// client (which mirrors them before asking). Kept apart from limits.ts so the vocabulary work merges cleanly.

export const VOCABULARY_KINDS = ['properWords', 'translationTerms', 'sensitiveWords', 'wordReplacement'] as const;
export type VocabularyKindName = (typeof VOCABULARY_KINDS)[number];

export const VOCABULARY_NAME_MAX = 50;

/**
 * Characters per side of one entry. Proper words 50 and terms 100 are the spec's; the spec gives no
 * length for sensitive words and replacements, so they take the contract's entry maximum (100).
 */
export const VOCABULARY_ENTRY_CHARS: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 50,
  translationTerms: 100,
  sensitiveWords: 100,
  wordReplacement: 100,
};

/**
 * Entries a library may hold when added by hand. Sensitive words: 150 by hand (features §5); the spec
 * gives no number for replacements, so they share the terms' 200 (the benchmark loads 200).
 */
export const VOCABULARY_HAND_CAP: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 150,
  translationTerms: 200,
  sensitiveWords: 150,
  wordReplacement: 200,
};

/** Entries a library may hold after an Excel import (rows 150, 200, 300 by kind). */
export const VOCABULARY_IMPORT_CAP: Readonly<Record<VocabularyKindName, number>> = {
  properWords: 150,
  translationTerms: 200,
  sensitiveWords: 300,
  wordReplacement: 200,
};

/** Kinds whose entries have two sides (original → translation, before → after), both required. */
export const VOCABULARY_PAIRED: Readonly<Record<VocabularyKindName, boolean>> = {
  properWords: false,
  translationTerms: true,
  sensitiveWords: false,
  wordReplacement: true,
};

/** One Excel file of at most 5 MB. */
export const VOCABULARY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The one file type an import takes (checked by name on the client, by content on the server). */
export const VOCABULARY_IMPORT_EXTENSIONS = ['.xlsx'] as const;
