// Voucher codes the operator creates (`npm run admin -- voucher add`) and the entitlements a user
// holds. A redemption marks the code and writes one entitlement row in the same transaction; the
// account blocks read the entitlements. Payment (a later issue) writes entitlements with source
// 'order'. Portable types only, so SQLite and PostgreSQL share the migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vouchers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('package_type', 'text', (c) => c.notNull())
    // Days for memberships (package types 1, 2), hours of credit for packs (3, 5).
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('redeemed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'text')
    .execute();

  await db.schema
    .createTable('entitlements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_type', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    // Memberships end; packs hold credit instead (null here).
    .addColumn('valid_until', 'text')
    .addColumn('credit_seconds', 'integer')
    .addColumn('used_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entitlements_user_type').on('entitlements').columns(['user_id', 'package_type']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entitlements').execute();
  await db.schema.dropTable('vouchers').execute();
}
