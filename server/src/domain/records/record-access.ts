// Who may see a record: its owner, or anyone holding a live share code of that very record.
// Every other case answers 'not found' — the same for a missing id and for another user's id —
// except a code that existed but was revoked or expired, which the share page must explain.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, RecordRow, RecordShareRow } from '../../db/schema';
import { checkShareCode } from '../shares/shares';
import { recordNotFound, shareExpired } from './record-errors';

export async function findOwnedRecord(db: Kysely<Database>, userId: string, id: string): Promise<RecordRow> {
  const row = await db.selectFrom('records').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw recordNotFound();
  return row;
}

export type ReadableRecord = { row: RecordRow; viewer: 'owner' } | { row: RecordRow; viewer: 'shareHolder'; share: RecordShareRow };

export async function findReadableRecord(
  db: Kysely<Database>,
  clock: Clock,
  input: { id: string; userId: string | null; shareCode?: string | undefined },
): Promise<ReadableRecord> {
  const row = await db.selectFrom('records').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (row && input.userId !== null && row.user_id === input.userId) return { row, viewer: 'owner' };
  if (!row || !input.shareCode) throw recordNotFound();
  const check = await checkShareCode(db, clock, input.shareCode, row.id);
  if (check.status === 'unknown') throw recordNotFound();
  if (check.status === 'ended') throw shareExpired();
  return { row, viewer: 'shareHolder', share: check.share };
}
