// `npm run admin -- voucher add|list`: the operator makes voucher codes and sees which were redeemed.
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { ACCOUNT_KIND_OF, isMembership } from '../domain/vouchers/package-types';
import { addVoucher, listVouchers, type AddVoucherOutcome } from '../domain/vouchers/vouchers-service';
import { VOUCHER_CODE_MAX, VOUCHER_MAX_DAYS, VOUCHER_MAX_HOURS } from '../../../src/shared/contract/limits';
import type { AdminIo } from './admin-io';

type Translate = (key: string, params?: Record<string, unknown>) => string;

const REASON_KEYS: Record<Exclude<AddVoucherOutcome, { ok: true }>['reason'], string> = {
  invalidCode: 'vouchers:admin.invalidCode',
  invalidPackageType: 'vouchers:admin.invalidPackageType',
  invalidAmount: 'vouchers:admin.invalidAmount',
  duplicate: 'vouchers:admin.duplicate',
};

/** Adds the `voucher` commands; failures set the exit code through `fail`. */
export function registerVoucherCommands(program: Command, deps: { db: Kysely<Database>; clock: Clock; t: Translate; io: AdminIo; fail(): void }) {
  const { db, clock, t, io } = deps;
  const voucher = program.command('voucher').description('manage voucher codes');
  voucher
    .command('add <code> <packageType> <amount>')
    .description('create a code: packageType 1 SVIP, 2 VIP (amount in days), 3 duration, 5 dubbing (amount in hours)')
    .action(async (code: string, packageType: string, amount: string) => {
      const outcome = await addVoucher(db, clock, { code, packageType, amount });
      if (!outcome.ok) {
        deps.fail();
        io.err(t(REASON_KEYS[outcome.reason], { code, packageType, amount, max: VOUCHER_CODE_MAX, maxDays: VOUCHER_MAX_DAYS, maxHours: VOUCHER_MAX_HOURS }));
        return;
      }
      const row = outcome.voucher;
      const pack = t(`account.${ACCOUNT_KIND_OF[row.package_type]}`);
      io.out(t(isMembership(row.package_type) ? 'vouchers:admin.addedDays' : 'vouchers:admin.addedHours', { code, package: pack, amount: row.amount }));
    });
  voucher
    .command('list')
    .description('list voucher codes and who redeemed them')
    .action(async () => {
      const rows = await listVouchers(db);
      if (rows.length === 0) io.out(t('vouchers:admin.none'));
      for (const row of rows) {
        const unit = isMembership(row.package_type) ? 'd' : 'h';
        io.out([row.code, row.package_type, `${row.amount}${unit}`, row.created_at, row.redeemed_by ?? '-', row.redeemed_at ?? '-'].join('\t'));
      }
    });
}
