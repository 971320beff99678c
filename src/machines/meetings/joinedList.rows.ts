// The host's joined user list (features §2): the server's join records (they hold leave times, and
// every join after the end) with the live socket's participant messages laid over them (joins,
// language changes and leaves since the records were read). Pure, so tested directly.
import type { JoinRecord } from '../../api/meetings/meeting-types';
import type { LiveParticipant } from '../../shared/contract/meeting';

/** One join of the list; a participant who left and came back is there once per join. */
export type JoinedRow = LiveParticipant;

const joinOf = (row: Pick<JoinedRow, 'userId' | 'joinTime'>) => `${row.userId}@${row.joinTime}`;

export function joinedRows(records: readonly JoinRecord[], live: readonly LiveParticipant[]): JoinedRow[] {
  const rows = new Map<string, JoinedRow>();
  for (const record of records) {
    rows.set(joinOf(record), {
      userId: record.userId,
      userName: record.userName,
      translationLanguage: record.translationLanguage ?? null,
      joinTime: record.joinTime,
      leaveTime: record.leaveTime ?? null,
    });
  }
  for (const participant of live) {
    const stored = rows.get(joinOf(participant));
    // A leave is news either way: the socket's (live) or the record's (the end closes every join, after the host's socket).
    rows.set(joinOf(participant), { ...participant, leaveTime: participant.leaveTime ?? stored?.leaveTime ?? null });
  }
  return [...rows.values()].sort((a, b) => Date.parse(a.joinTime) - Date.parse(b.joinTime));
}

/** Participants here now (no leave time). */
export const presentCount = (rows: readonly JoinedRow[]) => rows.filter((row) => row.leaveTime === null).length;
