// GET /speech/meeting/joinRecord (meetingsJoinRecord) — who joined the host's meeting, with the
// language each read and their join and leave times (features §2 joined user list). Every page is
// read (up to JOIN_RECORD_PAGES of the largest size), so the list is whole after the end.
import { unwrap } from '../errors';
import { api } from '../instance';
import type { JoinRecord } from './meeting-types';

const PAGE_SIZE = 100;
/** Enough for any meeting the tiers allow; a longer list shows its first 1000 joins. */
const JOIN_RECORD_PAGES = 10;

export async function getJoinRecords(meetingId: string, signal?: AbortSignal): Promise<JoinRecord[]> {
  const rows: JoinRecord[] = [];
  for (let pageNum = 1; pageNum <= JOIN_RECORD_PAGES; pageNum++) {
    const page = unwrap(
      await api.call(
        (client, s) => client.GET('/speech/meeting/joinRecord', { params: { query: { meetingId, pageNum, pageSize: PAGE_SIZE } }, signal: s }),
        { silent: true, ...(signal ? { signal } : {}) },
      ),
    );
    rows.push(...page.rows);
    if (page.rows.length < PAGE_SIZE || rows.length >= page.total) break;
  }
  return rows;
}
