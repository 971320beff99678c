// Tables of vocabulary libraries and their entries (0014).
import type { Selectable } from 'kysely';
import type { VocabularyKind } from '../../../../src/shared/contract/vocabulary-kinds';

/** Issue 14 (0014_vocabulary): a user's vocabulary library of one kind. */
export interface VocabularyLibrariesTable {
  id: string;
  user_id: string;
  kind: VocabularyKind;
  name: string;
  language: string | null;
  translation_language: string | null;
  /** 1: applied to the user's uploads and dubbing by default. */
  is_default: number;
  created_at: string;
  updated_at: string | null;
}

/** One word, term pair, sensitive word or replacement; source_key is unique per library. */
export interface VocabularyEntriesTable {
  id: string;
  library_id: string;
  source: string;
  source_key: string;
  target: string | null;
  created_at: string;
}

/** The vocabulary tables as the Database names them (server/src/db/schema.ts composes them). */
export interface VocabularyTables {
  vocabulary_libraries: VocabularyLibrariesTable;
  vocabulary_entries: VocabularyEntriesTable;
}

export type VocabularyLibraryRow = Selectable<VocabularyLibrariesTable>;
export type VocabularyEntryRow = Selectable<VocabularyEntriesTable>;
