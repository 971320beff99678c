// Binding or changing the account's e-mail address or phone number (features §5: correct address,
// code required). The code must have been sent to the NEW address (scene bind), which proves the
// user holds it; an address another account signs in with is refused before any code is spent.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import { consumeCode } from '../session/codes';
import type { RateLimits } from '../session/rate-limits';
import { parseUsername } from '../session/username';
import { findUserByAddress } from '../session/users';

export const addressInUse = () => new AppError(400, 'profile.addressInUse');

/** Both databases report a unique-index clash with their own code (SQLite's name, PostgreSQL's 23505). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function bindAddress(
  deps: { db: Kysely<Database>; clock: Clock; rateLimits: RateLimits },
  user: UserRow,
  input: { username?: string; code?: string } | undefined,
  client: string,
): Promise<{ kind: 'email' | 'phone'; value: string }> {
  if (!input?.username) throw new AppError(400, 'errors.missingField', { field: 'username' });
  if (!input.code) throw new AppError(400, 'errors.missingField', { field: 'code' });
  const address = parseUsername(input.username);
  if (address.kind === 'invalid') throw new AppError(400, 'auth.invalidUsername');
  const current = address.kind === 'email' ? user.email : user.phone;
  if (current === address.value) throw new AppError(400, 'profile.addressUnchanged');
  const owner = await findUserByAddress(deps.db, address);
  if (owner && owner.id !== user.id) throw addressInUse();

  const reserved = await deps.rateLimits.reserveCodeCheck(client);
  if (!reserved.ok) throw tooManyAttempts();
  if (!(await consumeCode(deps.db, deps.clock, address.value, ['bind'], input.code))) throw new AppError(400, 'auth.wrongCode');
  await reserved.refund();

  const column = address.kind === 'email' ? 'email' : 'phone';
  try {
    await deps.db
      .updateTable('users')
      .set({ [column]: address.value, updated_at: deps.clock.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
  } catch (error) {
    // Another account took the address between the check and the write (both proved a code for it).
    if (isUniqueViolation(error)) throw addressInUse();
    throw error;
  }
  return address;
}
