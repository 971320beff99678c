// Bearer tokens: a fresh random token at every sign-in, looked up by its hash, revocable.
import type { Kysely } from 'kysely';
import { TOKEN_TTL_DAYS } from '../../../../src/shared/contract/limits';
import { addSeconds, type Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { newToken, sha256 } from './secrets';

export async function issueToken(db: Kysely<Database>, clock: Clock, userId: string): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: addSeconds(now, TOKEN_TTL_DAYS * 24 * 3600).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** users.deleted_at (0020): kept out of UsersTable so code building whole user rows is unaffected. */
type DeletedMark = { users: { deleted_at: string | null } };

/** The user a live (not revoked, not expired) token belongs to, or null; never a deleted account. */
export async function userForToken(db: Kysely<Database>, clock: Clock, token: string): Promise<UserRow | null> {
  const row = await db
    .withTables<DeletedMark>()
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .selectAll('users')
    .where('auth_tokens.token_hash', '=', sha256(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', clock.now().toISOString())
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeToken(db: Kysely<Database>, clock: Clock, token: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: clock.now().toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token of the user except, optionally, the one making the request. */
export async function revokeAllTokens(db: Kysely<Database>, clock: Clock, userId: string, exceptToken?: string): Promise<void> {
  let query = db
    .updateTable('auth_tokens')
    .set({ revoked_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptToken) query = query.where('token_hash', '!=', sha256(exceptToken));
  await query.execute();
}
