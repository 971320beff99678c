// The demo account printed at start. It holds SVIP and a dubbing pack so a newcomer can try every
// feature. Its password:
// - DEMO_PASSWORD set: that one, on every instance (set only where it differs, so no sessions end);
// - a database only this instance uses (SQLite in DATA_DIR): a fresh random one at each start (the
//   previous one was printed to a log and should not keep working);
// - a database instances may share (PostgreSQL): a random one only by the instance that creates the
//   account; the others say it exists instead of printing a password that would not work (a reset
//   by each instance would leave only the last printed one working).
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkPassword } from '../../src/shared/contract/credentials';
import type { Clock } from './clock';
import type { Database } from './db/schema';
import { addUser, changePassword } from './admin/user-commands';
import { deriveAccount, runningAt } from './domain/entitlements/balances';
import { grantToUserId } from './domain/entitlements/grants';
import { entriesOf } from './domain/entitlements/ledger';
import { SVIP } from './domain/vouchers/package-types';
import { verifyPassword } from './domain/session/passwords';

export const DEMO_EMAIL = 'demo@parley.local';
const DEMO_SVIP_DAYS = 365;
const DEMO_DUBBING_HOURS = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomPassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (checkPassword(candidate) === null) return candidate;
  }
}

export interface DemoOptions {
  /** DEMO_PASSWORD, or null for a random one. */
  password: string | null;
  /** True when other instances may use the same database. */
  sharedDatabase: boolean;
}

/** `password` null: the account exists and its password is not known here (printed where it was made). */
export async function ensureDemoAccount(
  db: Kysely<Database>,
  clock: Clock,
  options: DemoOptions = { password: null, sharedDatabase: false },
): Promise<{ email: string; password: string | null }> {
  const password = options.password ?? randomPassword();
  const added = await addUser(db, clock, DEMO_EMAIL, password);
  let shown: string | null = password;
  if (!added.ok) shown = await keepOrReset(db, clock, password, options);
  await ensureDemoHoldings(db, clock);
  return { email: DEMO_EMAIL, password: shown };
}

async function keepOrReset(db: Kysely<Database>, clock: Clock, password: string, options: DemoOptions): Promise<string | null> {
  if (options.password === null && options.sharedDatabase) return null;
  if (options.password !== null) {
    const user = await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    if (await verifyPassword(user.password_hash, password)) return password;
  }
  const changed = await changePassword(db, clock, DEMO_EMAIL, password);
  if (!changed.ok) throw new Error(`demo account: ${changed.reason}`);
  return password;
}

/** The demo account can try everything: a running SVIP and hours of dubbing, topped up at each start. */
async function ensureDemoHoldings(db: Kysely<Database>, clock: Clock): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const now = clock.now();
  const state = deriveAccount(await entriesOf(db, user.id), now, '');
  if (!runningAt(state.svipPeriods, now)) await grantToUserId(db, clock, user.id, SVIP, DEMO_SVIP_DAYS, 'demo');
  if (state.packSeconds.dubbing < DEMO_DUBBING_HOURS * 3_600) await grantToUserId(db, clock, user.id, '5', DEMO_DUBBING_HOURS, 'demo');
}
