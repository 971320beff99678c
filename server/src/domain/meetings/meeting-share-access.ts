// Who may read a meeting's record through the meeting's share link (/meetingShareDownload): the
// link is the meeting's id, which participants hold. The owner always; anyone else while the host
// keeps sharing open, also after the meeting ended (reading the live meeting is meetings-service
// `readable`, which ends with the meeting). Closed sharing is told as such, not as 'not found'.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { meetingNotFound, meetingShareClosed } from './meeting-errors';
import { meetingDb, type MeetingRow } from './meeting-tables';

export async function findMeeting(db: Kysely<Database>, meetingId: string): Promise<MeetingRow | undefined> {
  return meetingDb(db).selectFrom('meetings').selectAll().where('id', '=', meetingId).executeTakeFirst();
}

/** Throws 'sharing closed' unless the viewer owns the meeting or its sharing is open. */
export function assertShareOpen(meeting: MeetingRow, viewerId: string | null): void {
  if (meeting.user_id !== viewerId && meeting.share_status !== '1') throw meetingShareClosed();
}

/** The meeting a share-link holder reads; a missing id is 'not found', closed sharing says so. */
export async function sharedMeeting(db: Kysely<Database>, meetingId: string, viewerId: string | null): Promise<MeetingRow> {
  const meeting = await findMeeting(db, meetingId);
  if (!meeting) throw meetingNotFound();
  assertShareOpen(meeting, viewerId);
  return meeting;
}
