// How many seconds of live interpreting the meeting's host can still run now, for the live hub's
// meter (server/src/live/live-allowance.ts): the day's allowance left plus the duration pack.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MeetingRow } from '../meetings/meeting-tables';
import type { Entitlements } from './entitlements-service';
import { availableSeconds, INSUFFICIENT_BALANCE, QUOTA_USED_UP, splitUse } from './metering';

export async function liveBalanceOf(db: Kysely<Database>, entitlements: Entitlements, meeting: MeetingRow): Promise<{ limitMs: number; code: typeof INSUFFICIENT_BALANCE | typeof QUOTA_USED_UP }> {
  if (!entitlements.billing) return { limitMs: Number.POSITIVE_INFINITY, code: INSUFFICIENT_BALANCE };
  const user = await db.selectFrom('users').select(['id', 'is_visitor']).where('id', '=', meeting.user_id).executeTakeFirst();
  if (!user) return { limitMs: 0, code: INSUFFICIENT_BALANCE };
  const account = await entitlements.account(user);
  const seconds = availableSeconds(account.rule, account.state, 'live');
  // The refusal one more second would get: 'quota used up' for a membership, else 'insufficient balance'.
  const beyond = splitUse(account.rule, account.state, 'live', seconds + 1);
  return { limitMs: seconds * 1000, code: !beyond.ok && beyond.code === QUOTA_USED_UP ? QUOTA_USED_UP : INSUFFICIENT_BALANCE };
}
