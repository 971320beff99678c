// Issue 11: the package catalogue and the append-only entitlement ledger. Every purchase, grant,
// voucher, trial, consumption and refund is one ledger row with a unique source key
// ('order:<outTradeNo>', 'voucher:<code>', 'upload:<recordId>:1', ...), so crediting or charging the
// same thing twice is refused by the database itself; balances are derived from the rows.
// The 0007 entitlements rows are copied in (the table stays, read by nothing, for a rollback).
import { sql, type Kysely } from 'kysely';
import { DEFAULT_CATALOGUE } from '../../domain/purchase/default-catalogue';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_type', 'text', (c) => c.notNull())
    // Null: the name is derived (translated) from the type and what the package holds.
    .addColumn('package_name', 'text')
    // Money in fen (1/100 yuan), so prices compare exactly.
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('org_price_fen', 'integer')
    .addColumn('valid_period', 'integer', (c) => c.notNull())
    // 1 year, 2 month, 3 day.
    .addColumn('valid_period_unit', 'integer', (c) => c.notNull())
    // Hours of credit for duration (3) and dubbing (5) packs; null for memberships.
    .addColumn('hours', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // svip | vip | duration | dubbing: the account the row credits or draws from.
    .addColumn('account', 'text', (c) => c.notNull())
    // purchase | grant | voucher | trial | consumption | refund
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    // Memberships: length of the period bought. Packs: credit (+), consumption (-), refund (+).
    .addColumn('seconds', 'integer', (c) => c.notNull())
    // Consumption: seconds covered by the day's membership allowance (refund: the same, negated).
    .addColumn('allowance_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    // upload | live | dubbing (consumption and refund rows)
    .addColumn('usage', 'text')
    // The user's local day (YYYY-MM-DD) a consumption counts against.
    .addColumn('usage_day', 'text')
    // Pack credit: when the hours lapse (null: never).
    .addColumn('expires_at', 'text')
    .addColumn('package_id', 'text')
    .addColumn('record_id', 'text')
    // What the bills page names the row with (record or package name).
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_user_created').on('ledger_entries').columns(['user_id', 'created_at']).execute();

  // Daily allowances roll over at midnight in the user's own zone (IANA name), fixed at first use.
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();

  const now = new Date().toISOString();
  for (const [index, pack] of DEFAULT_CATALOGUE.entries()) {
    await sql`insert into packages (id, package_type, package_name, price_fen, org_price_fen, valid_period, valid_period_unit, hours, sort, disabled, created_at, updated_at)
      values (${pack.id}, ${pack.packageType}, ${null}, ${pack.priceFen}, ${pack.orgPriceFen}, ${pack.validPeriod}, ${pack.validPeriodUnit}, ${pack.hours}, ${index}, ${0}, ${now}, ${now})`.execute(db);
  }

  // Copy the voucher entitlements. An SVIP voucher also wrote a VIP row that pushed the running VIP
  // past the SVIP period; the ledger derives that push itself, so that row is not copied.
  const rows = await sql<{
    id: string;
    user_id: string;
    package_type: string;
    source: string;
    source_ref: string;
    starts_at: string;
    valid_until: string | null;
    credit_seconds: number | null;
    used_seconds: number;
    created_at: string;
  }>`select * from entitlements order by created_at, id`.execute(db);
  const svipVouchers = new Set(rows.rows.filter((r) => r.package_type === '1').map((r) => `${r.source}:${r.source_ref}`));
  const accountOf: Record<string, string> = { '1': 'svip', '2': 'vip', '3': 'duration', '5': 'dubbing' };
  for (const row of rows.rows) {
    const key = `${row.source}:${row.source_ref}`;
    if (row.package_type === '2' && svipVouchers.has(key)) continue;
    const membership = row.package_type === '1' || row.package_type === '2';
    const seconds = membership
      ? Math.round((new Date(row.valid_until ?? row.starts_at).getTime() - new Date(row.starts_at).getTime()) / 1000)
      : (row.credit_seconds ?? 0);
    await sql`insert into ledger_entries (id, user_id, account, kind, source_key, seconds, allowance_seconds, usage, usage_day, expires_at, package_id, record_id, note, created_at)
      values (${row.id}, ${row.user_id}, ${accountOf[row.package_type] ?? 'duration'}, ${row.source === 'voucher' ? 'voucher' : 'purchase'}, ${key}, ${seconds}, ${0}, ${null}, ${null}, ${membership ? null : row.valid_until}, ${null}, ${null}, ${row.source_ref}, ${membership ? row.starts_at : row.created_at})`.execute(db);
    if (!membership && row.used_seconds > 0) {
      await sql`insert into ledger_entries (id, user_id, account, kind, source_key, seconds, allowance_seconds, usage, usage_day, expires_at, package_id, record_id, note, created_at)
        values (${`${row.id}-used`}, ${row.user_id}, ${accountOf[row.package_type]}, ${'consumption'}, ${`${key}:used`}, ${-row.used_seconds}, ${0}, ${null}, ${null}, ${null}, ${null}, ${null}, ${row.source_ref}, ${now})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('packages').execute();
}
