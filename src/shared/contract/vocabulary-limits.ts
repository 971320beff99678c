// Vocabulary limits of features §5 and §9, named once for the server (which enforces them) and the
// client (which mirrors them before asking). Kept apart from limits.ts so the vocabulary work merges cleanly.

import { byKind, VOCABULARY_KINDS, type VocabularyKind } from './vocabulary-kinds';

// The kinds and their per-kind limits live in vocabulary-kinds.ts (one row per kind); these names
// stay for the callers that read one limit at a time.
export { VOCABULARY_KINDS };
export type VocabularyKindName = VocabularyKind;

export const VOCABULARY_NAME_MAX = 50;

/** Characters per side of one entry. */
export const VOCABULARY_ENTRY_CHARS: Readonly<Record<VocabularyKindName, number>> = byKind((_, rule) => rule.entryChars);

/** Entries a library may hold when added by hand. */
export const VOCABULARY_HAND_CAP: Readonly<Record<VocabularyKindName, number>> = byKind((_, rule) => rule.handCap);

/** Entries a library may hold after an Excel import. */
export const VOCABULARY_IMPORT_CAP: Readonly<Record<VocabularyKindName, number>> = byKind((_, rule) => rule.importCap);

/** Kinds whose entries have two sides (original → translation, before → after), both required. */
export const VOCABULARY_PAIRED: Readonly<Record<VocabularyKindName, boolean>> = byKind((_, rule) => rule.paired);

/** One Excel file of at most 5 MB. */
export const VOCABULARY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The one file type an import takes (checked by name on the client, by content on the server). */
export const VOCABULARY_IMPORT_EXTENSIONS = ['.xlsx'] as const;
