// Operator grants (`npm run admin -- grant <email> <type> <amount>`) and the demo account's holdings:
// one 'grant' row each in the ledger, with the same bounds as vouchers (days for memberships, hours
// for packs). Refused input writes nothing.
import type { Kysely } from 'kysely';
import { VOUCHER_MAX_DAYS, VOUCHER_MAX_HOURS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, LedgerAccount, PackageType } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';
import { parseUsername } from '../session/username';
import { findUserByAddress } from '../session/users';
import { isMembership, isPackageType, LEDGER_ACCOUNT_OF } from '../vouchers/package-types';
import { appendEntry } from './ledger';

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_HOUR = 3_600;

export type GrantOutcome =
  | { ok: true; packageType: PackageType; amount: number; account: LedgerAccount }
  | { ok: false; reason: 'invalidPackageType' | 'invalidAmount' | 'noUser' };

export function parseGrantAmount(type: PackageType, amount: string): number | null {
  const n = /^\d{1,6}$/.test(amount) ? Number(amount) : NaN;
  const max = isMembership(type) ? VOUCHER_MAX_DAYS : VOUCHER_MAX_HOURS;
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : null;
}

export async function grantToUserId(db: Kysely<Database>, clock: Clock, userId: string, type: PackageType, amount: number, note = 'grant'): Promise<void> {
  await appendEntry(db, {
    userId,
    account: LEDGER_ACCOUNT_OF[type],
    kind: 'grant',
    sourceKey: `grant:${sortableId()}`,
    seconds: amount * (isMembership(type) ? SECONDS_PER_DAY : SECONDS_PER_HOUR),
    note,
    createdAt: clock.now().toISOString(),
  });
}

export async function grantByUsername(db: Kysely<Database>, clock: Clock, input: { username: string; packageType: string; amount: string }): Promise<GrantOutcome> {
  if (!isPackageType(input.packageType)) return { ok: false, reason: 'invalidPackageType' };
  const amount = parseGrantAmount(input.packageType, input.amount);
  if (amount === null) return { ok: false, reason: 'invalidAmount' };
  const address = parseUsername(input.username);
  const user = address.kind === 'invalid' ? null : await findUserByAddress(db, address);
  if (!user) return { ok: false, reason: 'noUser' };
  await grantToUserId(db, clock, user.id, input.packageType, amount);
  return { ok: true, packageType: input.packageType, amount, account: LEDGER_ACCOUNT_OF[input.packageType] };
}
