// What every part of the meetings service stands on: the tables (widened to see the meeting
// tables), the app's own tables for the record a meeting writes to, the clock, and the two reads
// most operations begin with. Built once by createMeetingsService and handed to each part.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { meetingNotFound } from './meeting-errors';
import { meetingDb, type MeetingDatabase, type MeetingRow } from './meeting-tables';

export interface MeetingStore {
  /** The app's database seen with the meeting tables. */
  db: Kysely<MeetingDatabase>;
  /** The same database as the rest of the app sees it (records, users). */
  baseDb: Kysely<Database>;
  clock: Clock;
  /** The clock's now as stored (ISO). */
  now(): string;
  find(id: string): Promise<MeetingRow | undefined>;
  /** The meeting if `userId` owns it; 'not found' otherwise, so others learn nothing of it. */
  owned(userId: string, id: string): Promise<MeetingRow>;
}

export function createMeetingStore(baseDb: Kysely<Database>, clock: Clock): MeetingStore {
  const db = meetingDb(baseDb);

  async function find(id: string): Promise<MeetingRow | undefined> {
    return db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function owned(userId: string, id: string): Promise<MeetingRow> {
    const row = await find(id);
    if (!row || row.user_id !== userId) throw meetingNotFound();
    return row;
  }

  return { db, baseDb, clock, now: () => clock.now().toISOString(), find, owned };
}
