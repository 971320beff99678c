// Voice removal (issue 25 §1): per dubbing task, how far what is left of the original track sits
// below the dub while it speaks (dB, measured by the run), and which remover made the background
// ('gate' locally, 'separation' through SEPARATION_URL). Null for tasks dubbed before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dub_tasks').addColumn('voice_left_db', 'real').execute();
  await db.schema.alterTable('dub_tasks').addColumn('voice_remover', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dub_tasks').dropColumn('voice_remover').execute();
  await db.schema.alterTable('dub_tasks').dropColumn('voice_left_db').execute();
}
