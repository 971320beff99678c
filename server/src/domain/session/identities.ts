// Identities a sign-in provider vouches for, bound to users (migration 0017). The unique indexes
// (provider, subject) and (user_id, provider) decide races: the losing insert is refused, never merged.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserIdentityRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { withUserLocked } from '../entitlements/ledger';

export type IdentityProvider = 'google' | 'wechat';

export interface ProviderIdentity {
  provider: IdentityProvider;
  subject: string;
  email?: string | null;
  displayName?: string | null;
}

/** SQLite and PostgreSQL name a unique-index violation differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function findIdentity(db: Kysely<Database>, provider: IdentityProvider, subject: string): Promise<UserIdentityRow | null> {
  return (
    (await db.selectFrom('user_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst()) ?? null
  );
}

export async function identitiesOf(db: Kysely<Database>, userId: string): Promise<UserIdentityRow[]> {
  return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/**
 * Binds the identity to the user. Refused when the provider account already belongs to another user
 * (auth.identityTakenElsewhere) or the user already has an account of that provider (auth.identityAlreadyBound).
 */
export async function bindIdentity(db: Kysely<Database>, clock: Clock, userId: string, identity: ProviderIdentity): Promise<UserIdentityRow> {
  const existing = await findIdentity(db, identity.provider, identity.subject);
  if (existing) {
    if (existing.user_id === userId) return existing;
    throw new AppError(400, 'auth.identityTakenElsewhere');
  }
  const row: UserIdentityRow = {
    id: randomUUID(),
    provider: identity.provider,
    subject: identity.subject,
    user_id: userId,
    email: identity.email ?? null,
    display_name: identity.displayName ?? null,
    created_at: clock.now().toISOString(),
  };
  try {
    await db.insertInto('user_identities').values(row).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race: either someone bound this provider account a moment ago, or this user did bind one.
    const winner = await findIdentity(db, identity.provider, identity.subject);
    if (winner?.user_id === userId) return winner;
    throw new AppError(400, winner ? 'auth.identityTakenElsewhere' : 'auth.identityAlreadyBound');
  }
  return row;
}

/** A user can still sign in without `provider` when they have a password, an address for codes, or another identity. */
export async function hasOtherWayIn(db: Kysely<Database>, user: UserRow, provider: IdentityProvider): Promise<boolean> {
  if (user.password_hash || user.email || user.phone) return true;
  const others = await db
    .selectFrom('user_identities')
    .select('id')
    .where('user_id', '=', user.id)
    .where('provider', '!=', provider)
    .executeTakeFirst();
  return others !== undefined;
}

/** Removes the user's identity of the provider, never the last way to sign in. */
export async function unbindIdentity(db: Kysely<Database>, user: UserRow, provider: IdentityProvider): Promise<void> {
  // The user's row is locked (PostgreSQL) so two removals cannot each count on the other's way in.
  await withUserLocked(db, user.id, async (trx) => {
    const fresh = await trx.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const bound = await trx.selectFrom('user_identities').select('id').where('user_id', '=', user.id).where('provider', '=', provider).executeTakeFirst();
    if (!bound) throw new AppError(400, provider === 'wechat' ? 'auth.wechatNotBound' : 'auth.identityNotBound');
    if (!(await hasOtherWayIn(trx, fresh, provider))) throw new AppError(400, 'auth.lastWayToSignIn');
    await trx.deleteFrom('user_identities').where('id', '=', bound.id).execute();
  });
}

/** A new account known only through a provider: no password, no address unless the provider verified one. */
export async function createProviderUser(
  db: Kysely<Database>,
  clock: Clock,
  identity: ProviderIdentity,
  verifiedEmail: string | null,
  avatar: string | null = null,
): Promise<UserRow> {
  const now = clock.now().toISOString();
  const fallbackName = verifiedEmail?.split('@')[0] ?? (identity.provider === 'wechat' ? 'WeChat user' : 'Google user');
  const user: UserRow = {
    id: randomUUID(),
    email: verifiedEmail,
    phone: null,
    name: (identity.displayName?.trim() || fallbackName).slice(0, 50),
    nickname: identity.displayName?.trim().slice(0, 50) || null,
    avatar,
    password_hash: null,
    is_visitor: 0,
    share_status: '0',
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(user).execute();
    await trx
      .insertInto('user_identities')
      .values({
        id: randomUUID(),
        provider: identity.provider,
        subject: identity.subject,
        user_id: user.id,
        email: identity.email ?? null,
        display_name: identity.displayName ?? null,
        created_at: now,
      })
      .execute();
  });
  return user;
}
