// Changing the password from the personal centre: the old password is checked like a sign-in (the
// attempt is reserved before the slow hash, against the account and the client address, so a burst
// of guesses gets no more than the hourly allowance evaluated), the new one follows the password rule
// and equals its confirmation, and every other session is signed out (a thief's token stops working).
import type { Kysely } from 'kysely';
import { checkPassword } from '../../../../src/shared/contract/credentials';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import { verifyPassword } from '../session/passwords';
import type { RateLimits } from '../session/rate-limits';
import { revokeAllTokens } from '../session/tokens';
import { setPassword } from '../session/users';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword?: string;
}

/** The allowance of wrong old passwords is the account's own, apart from sign-in's (a different answer is due). */
export const passwordChangeKey = (userId: string) => `pwd-change:${userId}`;

export async function changePassword(
  deps: { db: Kysely<Database>; clock: Clock; rateLimits: RateLimits },
  user: UserRow,
  input: PasswordChange | undefined,
  client: string,
  currentToken: string | null,
): Promise<void> {
  if (!input) throw new AppError(400, 'errors.invalidRequest');
  // The form's own rules first: they cost no guess and need no hash.
  const problem = checkPassword(input.newPassword);
  if (problem) throw new AppError(400, `auth.${problem}`);
  if (input.confirmPassword !== input.newPassword) throw new AppError(400, 'profile.passwordsDiffer');
  const reserved = await deps.rateLimits.reserveLogin(passwordChangeKey(user.id), client);
  if (!reserved.ok) throw reserved.refusedBy === 'target' ? new AppError(429, 'profile.tooManyWrongPasswords') : tooManyAttempts();
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new AppError(400, 'profile.wrongOldPassword');
  await reserved.refund();
  if (input.oldPassword === input.newPassword) throw new AppError(400, 'profile.passwordUnchanged');
  await setPassword(deps.db, deps.clock, user.id, input.newPassword);
  await revokeAllTokens(deps.db, deps.clock, user.id, currentToken ?? undefined);
}
