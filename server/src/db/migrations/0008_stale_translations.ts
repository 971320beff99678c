// Stale translations (issue 10): editing a line's original text leaves its translation describing
// the old text, so the line is marked until it is translated again; a translation task may name the
// lines it re-translates (null: every line of the record).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('record_segments').addColumn('translation_stale', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // JSON text: string[] of record_segments ids.
  await db.schema.alterTable('translation_tasks').addColumn('line_ids', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translation_tasks').dropColumn('line_ids').execute();
  await db.schema.alterTable('record_segments').dropColumn('translation_stale').execute();
}
