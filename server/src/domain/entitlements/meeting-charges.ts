// Live interpreting is charged when a meeting ends, once (key 'meeting:<id>'), from the seconds of
// audio the meeting recorded (its record's media file, written by the hub as it ends): first the day's membership allowance, then the duration pack. A meeting
// cannot be refused after it ran, so what exceeds the balance is charged only as far as it goes.
// Starting is checked before (meeting create, meetingRightsJudge); while it records, the live hub
// pauses it when the host's balance is used up (server/src/live/live-allowance.ts), so the audio
// charged here stays within what the host held. One keyed row per meeting (not one per slice): a
// reconnected host, a resume on another instance or a repeated stop can never charge twice.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MeetingRow } from '../meetings/meeting-tables';
import type { Entitlements } from './entitlements-service';

export async function chargeMeeting(db: Kysely<Database>, entitlements: Entitlements, meeting: MeetingRow): Promise<void> {
  if (!entitlements.billing || !meeting.record_id) return;
  const [user, media] = await Promise.all([
    db.selectFrom('users').select(['id', 'is_visitor']).where('id', '=', meeting.user_id).executeTakeFirst(),
    db.selectFrom('media_files').select('duration_ms').where('id', '=', meeting.record_id).executeTakeFirst(),
  ]);
  if (!user || !media) return;
  const seconds = Math.ceil(media.duration_ms / 1000);
  if (seconds <= 0) return;
  await entitlements.chargeAvailable(user, { usage: 'live', seconds, chargeKey: `meeting:${meeting.id}`, recordId: meeting.record_id, note: meeting.name });
}
