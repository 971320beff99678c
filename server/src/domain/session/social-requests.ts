// Authorization requests in flight (migration 0017), keyed by the SHA-256 of their state so a copy of
// the database cannot finish anyone's sign-in. A request is completed once (the provider's code was
// exchanged) and consumed once (a token issued or an account bound); both are single conditional updates,
// so two racing callers cannot both win.
import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../../clock';
import type { Database, SocialSignInRequestRow, SocialSignInRequestsTable } from '../../db/schema';
import { AppError } from '../../errors';
import { newToken, sha256 } from './secrets';

/** How long a user has to finish at the provider (scan the QR, pick an account). */
export const SOCIAL_REQUEST_TTL_SECONDS = 10 * 60;

export type NewSocialRequest = Pick<SocialSignInRequestsTable, 'provider' | 'purpose' | 'channel'> &
  Partial<Pick<SocialSignInRequestsTable, 'user_id' | 'nonce' | 'code_verifier' | 'source' | 'redirect'>>;

export const invalidState = () => new AppError(400, 'auth.socialStateInvalid');

export async function createSocialRequest(db: Kysely<Database>, clock: Clock, request: NewSocialRequest): Promise<{ state: string; expiresAt: Date }> {
  // Each new request clears the long-dead ones (an indexed delete), so the table never grows unbounded.
  await sweepSocialRequests(db, clock);
  const state = newToken();
  const now = clock.now();
  const expiresAt = addSeconds(now, SOCIAL_REQUEST_TTL_SECONDS);
  await db
    .insertInto('social_sign_in_requests')
    .values({
      state_hash: sha256(state),
      provider: request.provider,
      purpose: request.purpose,
      channel: request.channel,
      user_id: request.user_id ?? null,
      nonce: request.nonce ?? null,
      code_verifier: request.code_verifier ?? null,
      source: request.source ?? null,
      redirect: request.redirect ?? null,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      completed_at: null,
      subject: null,
      profile: null,
      consumed_at: null,
    })
    .execute();
  return { state, expiresAt };
}

/** The live (unexpired) request of this state and provider, or null. */
export async function findSocialRequest(
  db: Kysely<Database>,
  clock: Clock,
  state: string,
  provider: SocialSignInRequestRow['provider'],
): Promise<SocialSignInRequestRow | null> {
  const row = await db
    .selectFrom('social_sign_in_requests')
    .selectAll()
    .where('state_hash', '=', sha256(state))
    .where('provider', '=', provider)
    .where('expires_at', '>', clock.now().toISOString())
    .executeTakeFirst();
  return row ?? null;
}

/** Records who the provider says signed in; false when the request was already completed (a replayed callback). */
export async function completeSocialRequest(
  db: Kysely<Database>,
  clock: Clock,
  row: SocialSignInRequestRow,
  subject: string,
  profile: Record<string, unknown>,
): Promise<boolean> {
  const result = await db
    .updateTable('social_sign_in_requests')
    .set({ completed_at: clock.now().toISOString(), subject, profile: JSON.stringify(profile) })
    .where('state_hash', '=', row.state_hash)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends the request; false when it was spent already (a replayed state, or a second poller). */
export async function consumeSocialRequest(db: Kysely<Database>, clock: Clock, row: SocialSignInRequestRow): Promise<boolean> {
  const result = await db
    .updateTable('social_sign_in_requests')
    .set({ consumed_at: clock.now().toISOString() })
    .where('state_hash', '=', row.state_hash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Requests past their expiry by a day are of no use to anyone. */
export async function sweepSocialRequests(db: Kysely<Database>, clock: Clock): Promise<void> {
  await db
    .deleteFrom('social_sign_in_requests')
    .where('expires_at', '<', addSeconds(clock.now(), -24 * 3600).toISOString())
    .execute();
}
