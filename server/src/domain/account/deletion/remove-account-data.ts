// What deleting an account removes (issue 29 item 5), in an order that never leaves a file without
// the row that names it: records of every kind through the same path as records/remove (their media
// on the media store, a dubbing task's outputs and source video in the blob store), then uploads in
// flight and files never submitted, whatever else is left in the user's blob container, the avatar,
// and the personal rows (folders, meetings, vocabulary, sign-in identities, codes and mail sent to
// the account's addresses).
//
// Kept, anonymised (see anonymiseBilling): the payment orders, the entitlement ledger, the vouchers
// redeemed and the entitlement grants. Why: a payment is a bookkeeping record the operator must keep
// for its accounting and tax retention period and needs to answer a refund or chargeback from the
// payment provider, and the ledger is what those payments bought and used. They hold no personal
// data once the user row is anonymised and the ledger's free-text notes (file and meeting names) are
// cleared.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../../db/schema';
import { removeRecords, type RemoveDeps } from '../../uploads/remove-records';
import { meetingDb } from '../../meetings/meeting-tables';
import { containerOf } from '../../storage/blob-store.port';
import type { MediaStore } from '../../storage/media-store.port';
import { avatarFileOf, avatarObjectName } from '../avatar-store';

export interface RemovalDeps extends RemoveDeps {
  mediaStore: MediaStore;
}

/** Queued pipeline work of the user's records is failed so none starts; a running job finds its record gone and stops. */
async function failQueuedJobs(db: Kysely<Database>, recordIds: string[], now: string): Promise<void> {
  for (let i = 0; i < recordIds.length; i += 200) {
    const ids = recordIds.slice(i, i + 200);
    await db.updateTable('jobs').set({ status: 'failed', error: 'account deleted', updated_at: now }).where('record_id', 'in', ids).where('status', 'in', ['pending', 'running']).execute();
  }
}

export async function removeMedia(deps: RemovalDeps, user: UserRow, now: string): Promise<void> {
  const { db } = deps;
  const records = await db.selectFrom('records').select('id').where('user_id', '=', user.id).execute();
  const recordIds = records.map((r) => r.id);
  await failQueuedJobs(db, recordIds, now);
  const [sessions, unsubmitted] = await Promise.all([
    db.selectFrom('upload_sessions').select('id').where('user_id', '=', user.id).execute(),
    db.selectFrom('media_files').select('id').where('user_id', '=', user.id).where('submitted_at', 'is', null).execute(),
  ]);
  const ids = [...recordIds, ...sessions.map((s) => s.id), ...unsubmitted.map((f) => f.id)];
  for (let i = 0; i < ids.length; i += 200) await removeRecords(deps, user.id, ids.slice(i, i + 200));
  // Files no record names any more (a meeting recording whose record went first, a failed upload).
  const leftFiles = await db.selectFrom('media_files').select(['id', 'object_name']).where('user_id', '=', user.id).execute();
  for (const file of leftFiles) {
    await db.deleteFrom('media_files').where('id', '=', file.id).execute();
    await deps.mediaStore.delete(file.object_name);
  }
  const dubFiles = await db.selectFrom('dub_files').select(['id', 'container', 'blob_name']).where('user_id', '=', user.id).execute();
  for (const file of dubFiles) {
    await db.deleteFrom('dub_files').where('id', '=', file.id).execute();
    await deps.blobStore.delete(file.container, file.blob_name);
  }
  // The user's own container: videos uploaded straight to storage but never registered, staged blocks.
  const container = containerOf(user.id);
  for (const blob of await deps.blobStore.listBlobs(container)) await deps.blobStore.delete(container, blob);
  const avatar = avatarFileOf(user.avatar);
  if (avatar) await deps.mediaStore.delete(avatarObjectName(avatar));
}

export async function removePersonalRows(db: Kysely<Database>, user: UserRow): Promise<void> {
  const meetings = meetingDb(db);
  await meetings.deleteFrom('meetings').where('user_id', '=', user.id).execute();
  // Joins of other hosts' meetings stay in their lists, without the name and picture.
  await meetings.updateTable('meeting_joins').set({ user_name: '', avatar: null }).where('user_id', '=', user.id).execute();
  await db.deleteFrom('vocabulary_libraries').where('user_id', '=', user.id).execute();
  await db.deleteFrom('folders').where('user_id', '=', user.id).execute();
  await db.deleteFrom('default_folder_names').where('user_id', '=', user.id).execute();
  await db.deleteFrom('record_counts').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_identities').where('user_id', '=', user.id).execute();
  await db.deleteFrom('social_sign_in_requests').where('user_id', '=', user.id).execute();
  await db.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
  const addresses = [user.email, user.phone].filter((a): a is string => Boolean(a));
  if (addresses.length) {
    await db.deleteFrom('verification_codes').where('target', 'in', addresses).execute();
    await db.deleteFrom('outbox').where('target', 'in', addresses).execute();
  }
}

/** The user row keeps only its id (billing rows point at it) and when it was made and deleted. */
export async function anonymiseBilling(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .withTables<{ users: { time_zone: string | null } }>()
    .updateTable('users')
    .set({ email: null, phone: null, name: `deleted-${userId}`, nickname: null, avatar: null, password_hash: null, share_status: '0', time_zone: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('ledger_entries').set({ note: null }).where('user_id', '=', userId).where('kind', 'in', ['consumption', 'refund']).execute();
}
