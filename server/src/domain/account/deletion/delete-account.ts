// Deleting an account (issue 29 item 5): re-authentication, then a compare-and-set on
// users.deleted_at claims the deletion, so a burst of parallel requests deletes once (the others
// answer 409) and from that moment no token of the account authenticates. Running meetings are
// stopped before anything is removed (the recording is closed and its live time charged like any
// ending), then media, personal rows, and the billing rows are anonymised.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database, UserRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import { meetingDb } from '../../meetings/meeting-tables';
import type { RateLimits } from '../../session/rate-limits';
import { confirmIdentity, type DeletionProof } from './confirm-identity';
import { anonymiseBilling, removeMedia, removePersonalRows, type RemovalDeps } from './remove-account-data';

export interface DeleteAccountDeps extends RemovalDeps {
  clock: Clock;
  rateLimits: RateLimits;
  /** Ends a meeting from any state (the live hub's stop). */
  stopMeeting(meetingId: string): Promise<unknown>;
}

type DeletedMark = { users: { deleted_at: string | null } };

async function claim(db: Kysely<Database>, userId: string, now: string): Promise<boolean> {
  const result = await db.withTables<DeletedMark>().updateTable('users').set({ deleted_at: now }).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function stopRunningMeetings(deps: DeleteAccountDeps, userId: string): Promise<void> {
  const running = await meetingDb(deps.db).selectFrom('meetings').select('id').where('user_id', '=', userId).where('state', 'in', ['in_progress', 'paused']).execute();
  for (const meeting of running) await deps.stopMeeting(meeting.id);
}

export async function deleteAccount(deps: DeleteAccountDeps, user: UserRow, proof: DeletionProof | undefined, client: string): Promise<void> {
  if (user.is_visitor) throw new AppError(400, 'accountData.visitorCannotDelete');
  await confirmIdentity(deps, user, proof ?? {}, client);
  const now = deps.clock.now().toISOString();
  if (!(await claim(deps.db, user.id, now))) throw new AppError(409, 'accountData.alreadyDeleted');
  await stopRunningMeetings(deps, user.id);
  await removeMedia(deps, user, now);
  await removePersonalRows(deps.db, user);
  await anonymiseBilling(deps.db, user.id, now);
}
