// Videos registered for dubbing (issue 12, features §4 Dub upload file): one row per committed blob
// that passed the content checks. Dubbing tasks reference a row by id. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dub_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('container', 'text', (c) => c.notNull())
    .addColumn('blob_name', 'text', (c) => c.notNull())
    .addColumn('ori_file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('folder_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dub_files_user').on('dub_files').columns(['user_id', 'created_at']).execute();
  // A blob is registered once: a second register call finds the first row.
  await db.schema.createIndex('dub_files_blob').on('dub_files').columns(['container', 'blob_name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dub_files').execute();
}
