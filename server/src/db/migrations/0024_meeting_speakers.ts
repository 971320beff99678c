// Live speaker turns (issue 26 §6): each live final's speaker (1-based, in order of first
// appearance; null for meetings recorded before) and the names the host gave speakers.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meeting_segments').addColumn('speaker_index', 'integer').execute();
  await db.schema
    .createTable('meeting_speakers')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('speaker_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_speakers_pk', ['meeting_id', 'speaker_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meeting_speakers').execute();
  await db.schema.alterTable('meeting_segments').dropColumn('speaker_index').execute();
}
