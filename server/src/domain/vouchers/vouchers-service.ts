// Voucher codes: the operator adds them, a signed-in user redeems each one once. A redemption claims
// the code with a conditional update (only while unredeemed) inside the transaction that writes the
// entitlement, so two simultaneous redemptions of one code cannot both succeed on either database.
import type { Kysely } from 'kysely';
import { VOUCHER_CODE_MAX, VOUCHER_MAX_DAYS, VOUCHER_MAX_HOURS } from '../../../../src/shared/contract/limits';
import { addSeconds, type Clock } from '../../clock';
import type { Database, EntitlementRow, PackageType, VoucherRow } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';
import { isMembership, isPackageType, SVIP, VIP } from './package-types';

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_HOUR = 3_600;

export type AddVoucherOutcome =
  | { ok: true; voucher: VoucherRow }
  | { ok: false; reason: 'invalidCode' | 'invalidPackageType' | 'invalidAmount' | 'duplicate' };

export type RedeemOutcome = { ok: true; entitlement: EntitlementRow } | { ok: false; reason: 'invalid' | 'used' };

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

/** The latest end of the user's membership of this type that is still running, or now. */
async function membershipRunsUntil(db: Kysely<Database>, userId: string, type: PackageType, now: Date): Promise<Date> {
  const row = await db
    .selectFrom('entitlements')
    .select((eb) => eb.fn.max('valid_until').as('until'))
    .where('user_id', '=', userId)
    .where('package_type', '=', type)
    .executeTakeFirst();
  const until = row?.until ? new Date(row.until) : null;
  return until && until > now ? until : now;
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

    const grant = async (type: PackageType, startsAt: Date): Promise<EntitlementRow> => {
      const row: EntitlementRow = {
        id: sortableId(),
        user_id: userId,
        package_type: type,
        source: 'voucher',
        source_ref: code,
        starts_at: startsAt.toISOString(),
        valid_until: isMembership(type) ? addSeconds(startsAt, voucher.amount * SECONDS_PER_DAY).toISOString() : null,
        credit_seconds: isMembership(type) ? null : voucher.amount * SECONDS_PER_HOUR,
        used_seconds: 0,
        created_at: now.toISOString(),
      };
      await trx.insertInto('entitlements').values(row).execute();
      return row;
    };

    const type = voucher.package_type;
    const entitlement = await grant(type, isMembership(type) ? await membershipRunsUntil(trx, userId, type, now) : now);
    // features §6: SVIP takes priority over VIP and buying SVIP extends a running VIP, so VIP days
    // are not spent while SVIP covers them.
    if (type === SVIP) {
      const vipEnd = await membershipRunsUntil(trx, userId, VIP, now);
      if (vipEnd > now) await grant(VIP, vipEnd);
    }
    return { ok: true, entitlement };
  });
}
