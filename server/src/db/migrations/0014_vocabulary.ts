// Vocabulary libraries (issue 14): a user's libraries of four kinds and their entries. An entry's
// source_key is its source normalised (NFKC, case-folded) so the database itself refuses a second
// "Parley" beside "parley" in one library: duplicates are merged, never stored twice. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vocabulary_libraries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // properWords | translationTerms | sensitiveWords | wordReplacement
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('translation_language', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.schema.createIndex('vocabulary_libraries_user_kind').on('vocabulary_libraries').columns(['user_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('vocabulary_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('library_id', 'text', (c) => c.notNull().references('vocabulary_libraries.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vocabulary_entries_library_source').on('vocabulary_entries').columns(['library_id', 'source_key']).unique().execute();
  await db.schema.createIndex('vocabulary_entries_library_created').on('vocabulary_entries').columns(['library_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vocabulary_entries').execute();
  await db.schema.dropTable('vocabulary_libraries').execute();
}
