// Verification codes: six digits, valid for ten minutes, usable once. Only the newest code of an
// address and scene counts, and a few wrong guesses burn it so it cannot be brute-forced.
import type { Kysely } from 'kysely';
import { CODE_MAX_WRONG_ATTEMPTS, VERIFICATION_CODE_TTL_SECONDS } from '../../../../src/shared/contract/limits';
import { addSeconds, type Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';
import { newNumericCode, sha256 } from './secrets';

// bind: a code sent to a new address the signed-in user adds to their account (issue 15).
export type CodeScene = 'login' | 'register' | 'reset' | 'bind';

// The target is part of the hash so equal codes of two addresses never share a hash.
const codeHash = (target: string, code: string) => sha256(`${target}:${code}`);

export async function issueCode(db: Kysely<Database>, clock: Clock, target: string, scene: CodeScene): Promise<string> {
  const code = newNumericCode();
  const now = clock.now();
  await db
    .insertInto('verification_codes')
    .values({
      id: sortableId(),
      target,
      scene,
      code_hash: codeHash(target, code),
      created_at: now.toISOString(),
      expires_at: addSeconds(now, VERIFICATION_CODE_TTL_SECONDS).toISOString(),
      used_at: null,
    })
    .execute();
  return code;
}

/**
 * Compares a guess with the newest live code of the target, counting it against the code's wrong
 * guesses, without using the code up: the id of the matching code, or null. A caller that still has
 * other input to check (registration's password) checks the code first, then uses it up with
 * spendCode once the rest is valid, so a right code is not wasted on a missing password.
 */
export async function matchCode(
  db: Kysely<Database>,
  clock: Clock,
  target: string,
  scenes: readonly CodeScene[],
  code: string,
): Promise<string | null> {
  const now = clock.now().toISOString();
  const latest = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .where('scene', 'in', [...scenes])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.used_at !== null || latest.expires_at <= now || latest.attempts >= CODE_MAX_WRONG_ATTEMPTS) {
    return null;
  }
  // Reserve the guess before comparing: the conditional increment is atomic on both databases, so a
  // burst of parallel guesses gets at most CODE_MAX_WRONG_ATTEMPTS of them compared (issue 9), where a
  // read-then-count let every guess of the burst through.
  const reserved = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_MAX_WRONG_ATTEMPTS)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) !== 1) return null;
  if (latest.code_hash !== codeHash(target, code.trim())) return null;
  // A right guess is not a wrong one: it gives its count back.
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', latest.id)
    .execute();
  return latest.id;
}

/** Uses a matched code up; the used_at guard makes two simultaneous uses succeed at most once. */
export async function spendCode(db: Kysely<Database>, clock: Clock, id: string): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ used_at: clock.now().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the newest live code of the target as used when it matches; false otherwise. */
export async function consumeCode(
  db: Kysely<Database>,
  clock: Clock,
  target: string,
  scenes: readonly CodeScene[],
  code: string,
): Promise<boolean> {
  const id = await matchCode(db, clock, target, scenes, code);
  return id !== null && spendCode(db, clock, id);
}
