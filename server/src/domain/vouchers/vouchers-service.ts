// Voucher codes: the operator adds them, a signed-in user redeems each one once. A redemption claims
// the code with a conditional update (only while unredeemed) inside the transaction that writes the
// ledger row, so two simultaneous redemptions of one code cannot both succeed on either database.
import type { Kysely } from 'kysely';
import { VOUCHER_CODE_MAX, VOUCHER_MAX_DAYS, VOUCHER_MAX_HOURS } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, PackageType, VoucherRow } from '../../db/schema';
import { deriveAccount, lastEnd } from '../entitlements/balances';
import { appendEntry, entriesOf } from '../entitlements/ledger';
import { isMembership, isPackageType, LEDGER_ACCOUNT_OF } from './package-types';

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_HOUR = 3_600;

export type AddVoucherOutcome =
  | { ok: true; voucher: VoucherRow }
  | { ok: false; reason: 'invalidCode' | 'invalidPackageType' | 'invalidAmount' | 'duplicate' };

export type RedeemOutcome =
  | { ok: true; packageType: PackageType; hours: number | null; validUntil: Date | null }
  | { ok: false; reason: 'invalid' | 'used' };

/** Printable, no spaces or slashes (the code travels as a path segment). */
export function isValidVoucherCode(code: string): boolean {
  return code.length >= 1 && code.length <= VOUCHER_CODE_MAX && /^[\x21-\x7e]+$/.test(code) && !code.includes('/');
}

export function maxAmountFor(type: PackageType): number {
  return isMembership(type) ? VOUCHER_MAX_DAYS : VOUCHER_MAX_HOURS;
}

export async function addVoucher(
  db: Kysely<Database>,
  clock: Clock,
  input: { code: string; packageType: string; amount: string },
): Promise<AddVoucherOutcome> {
  if (!isValidVoucherCode(input.code)) return { ok: false, reason: 'invalidCode' };
  if (!isPackageType(input.packageType)) return { ok: false, reason: 'invalidPackageType' };
  const amount = /^\d+$/.test(input.amount) ? Number(input.amount) : NaN;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > maxAmountFor(input.packageType)) return { ok: false, reason: 'invalidAmount' };
  const voucher: VoucherRow = {
    code: input.code,
    package_type: input.packageType,
    amount,
    created_at: clock.now().toISOString(),
    redeemed_by: null,
    redeemed_at: null,
  };
  const inserted = await db.insertInto('vouchers').values(voucher).onConflict((oc) => oc.column('code').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { ok: false, reason: 'duplicate' };
  return { ok: true, voucher };
}

export async function listVouchers(db: Kysely<Database>): Promise<VoucherRow[]> {
  return db.selectFrom('vouchers').selectAll().orderBy('created_at').orderBy('code').execute();
}

export async function redeemVoucher(db: Kysely<Database>, clock: Clock, userId: string, code: string): Promise<RedeemOutcome> {
  return db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
    const voucher = await trx.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
    if (!voucher) return { ok: false, reason: 'invalid' };
    const now = clock.now();
    const claimed = await trx
      .updateTable('vouchers')
      .set({ redeemed_by: userId, redeemed_at: now.toISOString() })
      .where('code', '=', code)
      .where('redeemed_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { ok: false, reason: 'used' };

    // One ledger row, keyed by the code. The ledger itself derives that SVIP pushes a running VIP
    // past its own period (features §6), so no second row is written for that.
    const type = voucher.package_type;
    const account = LEDGER_ACCOUNT_OF[type];
    const seconds = voucher.amount * (isMembership(type) ? SECONDS_PER_DAY : SECONDS_PER_HOUR);
    await appendEntry(trx, { userId, account, kind: 'voucher', sourceKey: `voucher:${code}`, seconds, note: code, createdAt: now.toISOString() });
    if (!isMembership(type)) return { ok: true, packageType: type, hours: voucher.amount, validUntil: null };
    const state = deriveAccount(await entriesOf(trx, userId), now, '');
    const until = lastEnd(account === 'svip' ? state.svipPeriods : state.vipPeriods, now);
    return { ok: true, packageType: type, hours: null, validUntil: until };
  });
}
