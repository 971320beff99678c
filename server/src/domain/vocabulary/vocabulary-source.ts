// The seam between the vocabulary libraries (stored, edited and imported by the user; features §3
// Vocabulary libraries) and the places they steer: recognition, translation, masking and replacement
// (features §5 Vocabulary). The library store implements VocabularySource; the live hub, the upload
// pipeline and the translators read a VocabularySet from it and never touch the tables themselves.
import type { VocabularyKind } from '../../../../src/shared/contract/vocabulary-kinds';

/** The contract's VocabularyKind (the one list: src/shared/contract/vocabulary-kinds.ts). */
export type LibraryKind = VocabularyKind;

export interface TermPair {
  original: string;
  translation: string;
  /** Language codes as the rest of the contract spells them (zh-CN, en-US, es-ES, ...). */
  originalLanguage: string;
  translationLanguage: string;
}

export interface Replacement {
  before: string;
  after: string;
}

/** Everything in force for one meeting, upload or dubbing task, already merged across libraries. */
export interface VocabularySet {
  /** The libraries the set was built from, for the record to show (id, name, kind). */
  libraries: Array<{ id: string; name: string; kind: LibraryKind }>;
  properWords: string[];
  terms: TermPair[];
  sensitiveWords: string[];
  replacements: Replacement[];
}

export const EMPTY_VOCABULARY: VocabularySet = { libraries: [], properWords: [], terms: [], sensitiveWords: [], replacements: [] };

export interface VocabularySource {
  /** The libraries named (a meeting's picks), only those the user owns; unknown ids are skipped. */
  byIds(userId: string, libraryIds: readonly string[]): Promise<VocabularySet>;
  /** The libraries the user marked as default (uploads and dubbing use these). */
  defaults(userId: string): Promise<VocabularySet>;
}
