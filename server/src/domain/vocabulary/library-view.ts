// Library rows as the contract's VocabularyLibrary, with their entry counts read in the same query.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, VocabularyLibraryRow } from '../../db/schema';

export interface LibraryView {
  id: string;
  kind: VocabularyLibraryRow['kind'];
  name: string;
  language: string | null;
  translationLanguage: string | null;
  wordCount: number;
  isDefault: boolean;
  createTime: string;
  updateTime: string | null;
}

type CountedRow = VocabularyLibraryRow & { word_count: number | string | bigint };

export function libraryView(row: CountedRow): LibraryView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    language: row.language,
    translationLanguage: row.translation_language,
    wordCount: Number(row.word_count),
    isDefault: row.is_default === 1,
    createTime: row.created_at,
    updateTime: row.updated_at,
  };
}

/** The user's libraries with their counts; callers add filters, order and paging. */
export function countedLibraries(db: Kysely<Database>, userId: string): SelectQueryBuilder<Database, 'vocabulary_libraries', CountedRow> {
  return db
    .selectFrom('vocabulary_libraries')
    .selectAll('vocabulary_libraries')
    .select(sql<number>`(select count(*) from vocabulary_entries where vocabulary_entries.library_id = vocabulary_libraries.id)`.as('word_count'))
    .where('vocabulary_libraries.user_id', '=', userId) as unknown as SelectQueryBuilder<Database, 'vocabulary_libraries', CountedRow>;
}

/** A LIKE pattern matching `text` anywhere, with the pattern characters escaped (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLocaleLowerCase('und').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
