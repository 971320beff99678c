// Issue 11: payment orders (features §3 Payment order). One row per getQrPay: the price is copied
// from the catalogue when the order is made (what the customer was shown is what they get), the
// provider fills its ids, and the order ends paid (credited once) or closed (expired, cancelled).
// (provider, provider_txn_id) is unique, so one vendor transaction can never pay two orders.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_orders')
    .addColumn('out_trade_no', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'text', (c) => c.notNull())
    // What was bought, as the catalogue said when the order was made.
    .addColumn('package_type', 'text', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('valid_period', 'integer', (c) => c.notNull())
    .addColumn('valid_period_unit', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer')
    // wxV3Pay | aliPay | paypalV2Pay as the client asked; provider: sandbox | paypal | wechat | alipay.
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // pending | paid | closed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_txn_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('payment_orders_provider_txn').on('payment_orders').columns(['provider', 'provider_txn_id']).unique().execute();
  await db.schema.createIndex('payment_orders_provider_order').on('payment_orders').columns(['provider', 'provider_order_id']).execute();
  await db.schema.createIndex('payment_orders_user_created').on('payment_orders').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_orders').execute();
}
