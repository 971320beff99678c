// Share links of records. A record has at most one live (not revoked) share: sharing again updates
// it and keeps its code, so a link already handed out keeps working; revoking ends it for good.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, RecordShareRow } from '../../db/schema';

/** 24 random bytes: 32 URL-safe characters that cannot be guessed or enumerated. */
export function newShareCode(): string {
  return randomBytes(24).toString('base64url');
}

export function isShareActive(share: RecordShareRow, now: Date): boolean {
  return share.revoked_at === null && (share.expires_at === null || share.expires_at > now.toISOString());
}

/** The active share of each given record (expired or revoked ones are left out). */
export async function activeSharesOf(db: Kysely<Database>, clock: Clock, recordIds: string[]): Promise<Map<string, RecordShareRow>> {
  if (recordIds.length === 0) return new Map();
  const now = clock.now();
  const rows = await db
    .selectFrom('record_shares')
    .selectAll()
    .where('record_id', 'in', recordIds)
    .where('revoked_at', 'is', null)
    .execute();
  return new Map(rows.filter((row) => isShareActive(row, now)).map((row) => [row.record_id, row]));
}

export interface ShareChange {
  allowCopy?: boolean;
  /** undefined keeps the current expiry; null never expires. */
  expiresAt?: string | null;
}

/** Creates the record's share, or updates its live one; answers the share as stored. */
export async function shareRecord(
  db: Kysely<Database>,
  clock: Clock,
  record: { id: string; user_id: string },
  change: ShareChange,
): Promise<RecordShareRow> {
  const now = clock.now();
  const live = await db
    .selectFrom('record_shares')
    .selectAll()
    .where('record_id', '=', record.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (live && isShareActive(live, now)) {
    const updated = {
      allow_copy: change.allowCopy === undefined ? live.allow_copy : change.allowCopy ? 1 : 0,
      expires_at: change.expiresAt === undefined ? live.expires_at : change.expiresAt,
    };
    await db.updateTable('record_shares').set(updated).where('code', '=', live.code).execute();
    return { ...live, ...updated };
  }
  // An expired link is not revived with new settings: it is closed and a new code is issued.
  if (live) await revokeShares(db, clock, record.id);
  const created: RecordShareRow = {
    code: newShareCode(),
    record_id: record.id,
    user_id: record.user_id,
    allow_copy: change.allowCopy ? 1 : 0,
    expires_at: change.expiresAt ?? null,
    revoked_at: null,
    created_at: now.toISOString(),
  };
  await db.insertInto('record_shares').values(created).execute();
  return created;
}

export async function revokeShares(db: Kysely<Database>, clock: Clock, recordId: string): Promise<number> {
  const result = await db
    .updateTable('record_shares')
    .set({ revoked_at: clock.now().toISOString() })
    .where('record_id', '=', recordId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type ShareCodeCheck = { status: 'active'; share: RecordShareRow } | { status: 'ended' } | { status: 'unknown' };

/** What a share code gives access to for the given record: an unknown code (or one of another record) is 'unknown'. */
export async function checkShareCode(db: Kysely<Database>, clock: Clock, code: string, recordId: string): Promise<ShareCodeCheck> {
  const share = await db
    .selectFrom('record_shares')
    .selectAll()
    .where('code', '=', code)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  if (!share) return { status: 'unknown' };
  return isShareActive(share, clock.now()) ? { status: 'active', share } : { status: 'ended' };
}
