// Re-authentication before an account is deleted: an account with a password confirms with it (the
// attempt reserved before the slow hash, like a sign-in, against the account and the client address,
// so the form cannot be used to guess passwords); one without a password (signed up through Google
// or WeChat) confirms with a sign-in code sent to its own e-mail or phone (getValidCode, scene
// login). An account with neither has no way to prove it is its owner here: it is told to bind an
// address first.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database, UserRow } from '../../../db/schema';
import { AppError, tooManyAttempts } from '../../../errors';
import { consumeCode } from '../../session/codes';
import { verifyPassword } from '../../session/passwords';
import type { RateLimits } from '../../session/rate-limits';

export interface DeletionProof {
  password?: string;
  code?: string;
}

/** The allowance of wrong passwords is the account's own, apart from sign-in's and password change's. */
export const deletionAttemptKey = (userId: string) => `delete-account:${userId}`;

export async function confirmIdentity(
  deps: { db: Kysely<Database>; clock: Clock; rateLimits: RateLimits },
  user: UserRow,
  proof: DeletionProof,
  client: string,
): Promise<void> {
  const reserved = await deps.rateLimits.reserveLogin(deletionAttemptKey(user.id), client);
  if (!reserved.ok) throw reserved.refusedBy === 'target' ? new AppError(429, 'accountData.tooManyAttempts') : tooManyAttempts();
  if (user.password_hash) {
    if (!proof.password) throw new AppError(400, 'accountData.passwordRequired');
    if (!(await verifyPassword(user.password_hash, proof.password))) throw new AppError(400, 'accountData.wrongPassword');
  } else {
    const address = user.email ?? user.phone;
    if (!address) throw new AppError(400, 'accountData.noWayToConfirm');
    if (!proof.code?.trim()) throw new AppError(400, 'accountData.codeRequired');
    if (!(await consumeCode(deps.db, deps.clock, address, ['login'], proof.code))) throw new AppError(400, 'accountData.wrongCode');
  }
  await reserved.refund();
}
