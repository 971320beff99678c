// Who may see a record: its owner, or anyone holding a live share code of that very record.
// Every other case answers 'not found' — the same for a missing id and for another user's id —
// except a code that existed but was revoked or expired, which the share page must explain.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, RecordRow, RecordShareRow } from '../../db/schema';
import { assertShareOpen, findMeeting } from '../meetings/meeting-share-access';
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

export type ListenableRecord = ReadableRecord | { row: RecordRow; viewer: 'meetingParticipant' };

/**
 * A record as the media and summary calls read it: as findReadableRecord, or with `meetingId` (the
 * meeting share link a participant holds) that meeting's own record while its sharing is open.
 * Any other record with that meeting id answers 'not found', like a wrong share code.
 */
export async function findRecordForReader(
  db: Kysely<Database>,
  clock: Clock,
  input: { id: string; userId: string | null; shareCode?: string | undefined; meetingId?: string | undefined },
): Promise<ListenableRecord> {
  if (!input.meetingId) return findReadableRecord(db, clock, input);
  const row = await db.selectFrom('records').selectAll().where('id', '=', input.id).executeTakeFirst();
  if (row && input.userId !== null && row.user_id === input.userId) return { row, viewer: 'owner' };
  const meeting = await findMeeting(db, input.meetingId);
  if (!row || !meeting || meeting.record_id !== row.id) throw recordNotFound();
  assertShareOpen(meeting, input.userId);
  return { row, viewer: 'meetingParticipant' };
}
