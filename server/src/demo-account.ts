// The demo account printed at start: created when absent, otherwise given a fresh random password
// (the previous one was printed to a log and should not keep working). It holds SVIP and a dubbing
// pack so a newcomer can try every feature.
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

export async function ensureDemoAccount(db: Kysely<Database>, clock: Clock): Promise<{ email: string; password: string }> {
  const password = randomPassword();
  const added = await addUser(db, clock, DEMO_EMAIL, password);
  if (!added.ok) {
    const changed = await changePassword(db, clock, DEMO_EMAIL, password);
    if (!changed.ok) throw new Error(`demo account: ${changed.reason}`);
  }
  await ensureDemoHoldings(db, clock);
  return { email: DEMO_EMAIL, password };
}

/** The demo account can try everything: a running SVIP and hours of dubbing, topped up at each start. */
async function ensureDemoHoldings(db: Kysely<Database>, clock: Clock): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const now = clock.now();
  const state = deriveAccount(await entriesOf(db, user.id), now, '');
  if (!runningAt(state.svipPeriods, now)) await grantToUserId(db, clock, user.id, SVIP, DEMO_SVIP_DAYS, 'demo');
  if (state.packSeconds.dubbing < DEMO_DUBBING_HOURS * 3_600) await grantToUserId(db, clock, user.id, '5', DEMO_DUBBING_HOURS, 'demo');
}
