// Meeting invitations (issue 16 §3): a meeting has at most one invitation link, its own unguessable
// code and an expiry the host chose (null: until the meeting ends). Whether it is open stays in
// meetings.invite_status (0005), independent of share_status. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('meetings').addColumn('invite_code', 'text').execute();
  await db.schema.alterTable('meetings').addColumn('invite_expires_at', 'text').execute();
  await db.schema.createIndex('meetings_invite_code').on('meetings').column('invite_code').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('meetings_invite_code').execute();
  await db.schema.alterTable('meetings').dropColumn('invite_expires_at').execute();
  await db.schema.alterTable('meetings').dropColumn('invite_code').execute();
}
