// Voices remembered per speaker name (issue 25 §2): when a user gives a dubbing speaker a voice, the
// choice is kept for that speaker name and language, so "Ann" gets the same voice in the next task
// the moment a speaker is named Ann. name_key is the name trimmed and lower-cased.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dub_voice_choices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dub_voice_choices_pk', ['user_id', 'name_key', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dub_voice_choices').execute();
}
