// `npm run admin -- package add|list|edit|disable` and `grant <email> <type> <amount>`: the operator
// keeps the catalogue and gives time to a user. Failures print a translated reason and exit 1.
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { VOUCHER_MAX_DAYS, VOUCHER_MAX_HOURS } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import type { Database, PackageRow } from '../db/schema';
import { grantByUsername } from '../domain/entitlements/grants';
import { packageName } from '../domain/purchase/package-view';
import { addPackage, editPackage, listPackages, setPackageDisabled, type PackageInput, type PackageOutcome } from '../domain/purchase/packages';
import { ACCOUNT_KIND_OF, isMembership } from '../domain/vouchers/package-types';
import type { AdminIo } from './admin-io';

type Translate = (key: string, params?: Record<string, unknown>) => string;

interface PackageOptions {
  name?: string;
  price?: string;
  orgPrice?: string;
  validity?: string;
  hours?: string;
  type?: string;
}

const UNIT_LETTER: Record<number, string> = { 1: 'y', 2: 'm', 3: 'd' };
const yuan = (fen: number | null) => (fen === null ? '-' : (fen / 100).toFixed(2));

function inputOf(options: PackageOptions): PackageInput {
  return {
    ...(options.type !== undefined ? { packageType: options.type } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.price !== undefined ? { price: options.price } : {}),
    ...(options.orgPrice !== undefined ? { orgPrice: options.orgPrice } : {}),
    ...(options.validity !== undefined ? { validity: options.validity } : {}),
    ...(options.hours !== undefined ? { hours: options.hours } : {}),
  };
}

function line(t: Translate, row: PackageRow): string {
  return [
    row.id,
    row.package_type,
    packageName(t, row),
    yuan(row.price_fen),
    yuan(row.org_price_fen),
    `${row.valid_period}${UNIT_LETTER[row.valid_period_unit]}`,
    row.hours === null ? '-' : `${row.hours}h`,
    row.disabled ? 'disabled' : 'on sale',
  ].join('\t');
}

export function registerPackageCommands(program: Command, deps: { db: Kysely<Database>; clock: Clock; t: Translate; io: AdminIo; fail(): void }) {
  const { db, clock, t, io } = deps;
  const report = (outcome: PackageOutcome, id: string, successKey: string, params: Record<string, unknown> = {}) => {
    if (outcome.ok) return io.out(t(successKey, { id }));
    deps.fail();
    io.err(t(`billing:admin.${outcome.problem}`, { id, ...params }));
  };
  const pkg = program.command('package').description('manage the packages on sale');
  pkg
    .command('add <id> <packageType>')
    .description('add a package: packageType 1 SVIP, 2 VIP, 3 duration, 5 dubbing; --price in yuan, --validity like 1y, 3m or 30d, --hours for types 3 and 5')
    .requiredOption('--price <yuan>', 'price in yuan')
    .requiredOption('--validity <period>', 'how long the membership runs or the hours stay valid: 1y, 3m, 30d')
    .option('--org-price <yuan>', 'price before discount, shown struck through')
    .option('--hours <hours>', 'hours of credit (duration and dubbing packs)')
    .option('--name <name>', 'name shown as is (default: derived from type and period, translated)')
    .action(async (id: string, packageType: string, options: PackageOptions) =>
      report(await addPackage(db, clock, { id, packageType, ...inputOf(options) }), id, 'billing:admin.packageAdded', { packageType }),
    );
  pkg
    .command('edit <id>')
    .description('change a package; only the options given change')
    .option('--price <yuan>')
    .option('--org-price <yuan>', 'empty to remove')
    .option('--validity <period>')
    .option('--hours <hours>')
    .option('--name <name>', 'empty for the derived name')
    .action(async (id: string, options: PackageOptions) => report(await editPackage(db, clock, id, inputOf(options)), id, 'billing:admin.packageEdited'));
  pkg
    .command('disable <id>')
    .description('stop offering and selling a package (orders already paid keep what they bought)')
    .action(async (id: string) => report(await setPackageDisabled(db, clock, id, true), id, 'billing:admin.packageDisabled'));
  pkg
    .command('list')
    .description('list packages, disabled ones too')
    .action(async () => {
      const rows = await listPackages(db, { includeDisabled: true });
      if (rows.length === 0) io.out(t('billing:admin.noPackages'));
      for (const row of rows) io.out(line(t, row));
    });

  program
    .command('grant <username> <packageType> <amount>')
    .description('give a user time: packageType 1 SVIP, 2 VIP (amount in days), 3 duration, 5 dubbing (amount in hours)')
    .action(async (username: string, packageType: string, amount: string) => {
      const outcome = await grantByUsername(db, clock, { username, packageType, amount });
      if (!outcome.ok) {
        deps.fail();
        const key = { invalidPackageType: 'billing:admin.invalidPackageType', invalidAmount: 'billing:admin.grantInvalidAmount', noUser: 'billing:admin.grantNoUser' }[outcome.reason];
        io.err(t(key, { packageType, amount, email: username, maxDays: VOUCHER_MAX_DAYS, maxHours: VOUCHER_MAX_HOURS }));
        return;
      }
      const unit = t(isMembership(outcome.packageType) ? 'billing:admin.days' : 'billing:admin.hours');
      io.out(t('billing:admin.granted', { amount: outcome.amount, unit, package: t(`account.${ACCOUNT_KIND_OF[outcome.packageType]}`), email: username }));
    });
}
