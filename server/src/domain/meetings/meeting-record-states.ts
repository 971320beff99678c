// The live state of the meetings that write the given records: the record list shows a paused
// meeting as paused (its record stays 'transcribing' until the end), not as transcribing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { meetingDb, type MeetingRow } from './meeting-tables';

export async function meetingStatesOf(db: Kysely<Database>, recordIds: readonly string[]): Promise<Map<string, MeetingRow['state']>> {
  if (recordIds.length === 0) return new Map();
  const rows = await meetingDb(db).selectFrom('meetings').select(['record_id', 'state']).where('record_id', 'in', [...recordIds]).execute();
  return new Map(rows.flatMap((row) => (row.record_id ? [[row.record_id, row.state] as const] : [])));
}
