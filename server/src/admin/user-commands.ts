// The operator's user commands, shared by `npm run admin` and the demo account of the process
// entry. They return outcomes; the callers print them.
import type { Kysely } from 'kysely';
import { checkPassword, type PasswordProblem } from '../../../src/shared/contract/credentials';
import { parseUsername } from '../domain/session/username';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { revokeAllTokens } from '../domain/session/tokens';
import { createUser, findUserByAddress, setPassword } from '../domain/session/users';

export type UserCommandOutcome =
  | { ok: true }
  | { ok: false; reason: 'invalidUsername' | 'duplicate' | 'notFound' | PasswordProblem };

export async function addUser(db: Kysely<Database>, clock: Clock, username: string, password: string): Promise<UserCommandOutcome> {
  const address = parseUsername(username);
  if (address.kind === 'invalid') return { ok: false, reason: 'invalidUsername' };
  const problem = checkPassword(password);
  if (problem) return { ok: false, reason: problem };
  if (await findUserByAddress(db, address)) return { ok: false, reason: 'duplicate' };
  await createUser(db, clock, address, password);
  return { ok: true };
}

export async function changePassword(db: Kysely<Database>, clock: Clock, username: string, password: string): Promise<UserCommandOutcome> {
  const address = parseUsername(username);
  if (address.kind === 'invalid') return { ok: false, reason: 'invalidUsername' };
  const problem = checkPassword(password);
  if (problem) return { ok: false, reason: problem };
  const user = await findUserByAddress(db, address);
  if (!user) return { ok: false, reason: 'notFound' };
  await setPassword(db, clock, user.id, password);
  await revokeAllTokens(db, clock, user.id);
  return { ok: true };
}

export async function listUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'name', 'created_at'])
    .where('is_visitor', '=', 0)
    .orderBy('created_at')
    .execute();
}
