// The demo account printed at start: created when absent, otherwise given a fresh random password
// (the previous one was printed to a log and should not keep working).
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkPassword } from '../../src/shared/contract/credentials';
import type { Clock } from './clock';
import type { Database } from './db/schema';
import { addUser, changePassword } from './admin/user-commands';

export const DEMO_EMAIL = 'demo@parley.local';
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomPassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (checkPassword(candidate) === null) return candidate;
  }
}

export async function ensureDemoAccount(db: Kysely<Database>, clock: Clock): Promise<{ email: string; password: string }> {
  const password = randomPassword();
  const added = await addUser(db, clock, DEMO_EMAIL, password);
  if (!added.ok) {
    const changed = await changePassword(db, clock, DEMO_EMAIL, password);
    if (!changed.ok) throw new Error(`demo account: ${changed.reason}`);
  }
  return { email: DEMO_EMAIL, password };
}
