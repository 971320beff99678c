// Transcript services: AI summaries stored per record and language (with the time of the last
// generation, which the refresh countdown is measured from), and the translation tasks started by
// addTranslation, kept as rows so a server restart resumes the ones it did not finish.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_summaries')
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key_points', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('engine', 'text')
    .addColumn('error_message', 'text')
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_summaries_pk', ['record_id', 'lang'])
    .execute();

  await db.schema
    .createTable('translation_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('record_id', 'text', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('from_lang', 'text', (c) => c.notNull())
    .addColumn('to_lang', 'text', (c) => c.notNull())
    // The requester's interface language: a failure is written on the record in it.
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translation_tasks_status').on('translation_tasks').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_tasks').execute();
  await db.schema.dropTable('record_summaries').execute();
}
