// Which vocabulary libraries apply (features §5 Vocabulary): a meeting keeps the libraries its host
// picked (meetingsCreate/meetingsEdit documentIds), and a record keeps the libraries that were in
// force when it was transcribed or recorded, so its answer can show them. Both JSON text, null: none.
// Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('document_ids', 'text').execute();
  await db.schema.alterTable('records').addColumn('vocabularies', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('records').dropColumn('vocabularies').execute();
  await db.schema.alterTable('meetings').dropColumn('document_ids').execute();
}
