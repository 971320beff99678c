// Payment orders (features §3 Payment order, §7 getQrPay): made with the price checked against the
// catalogue on the server (the payPrice a client sends is only compared, never charged), looked up
// only by their owner, and closed once they expire unpaid. Crediting a paid order is orders-settle.ts.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, PaymentOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProviderName } from './providers/payment-provider';
import { sellablePackage, findPackage } from './packages';

/** The contract's payType values (features §7 getQrPay). */
export type ContractPayType = 'wxV3Pay' | 'aliPay' | 'paypalV2Pay';

export interface NewOrderRequest {
  userId: string;
  packageId: string;
  /** Yuan, as the client showed it. */
  payPrice: number;
  payType: ContractPayType;
  source: number;
  provider: ProviderName;
  /** The package's name in the payer's language (kept on the order for the checkout page and bills). */
  packageName: (row: NonNullable<Awaited<ReturnType<typeof findPackage>>>) => string;
}

/** Vendors take out_trade_no of 6–32 characters [A-Za-z0-9]: time first (sortable), then randomness. */
export function newOutTradeNo(now: Date): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex')}`;
}

/** Yuan to fen, exactly; null for an amount that is not a whole number of fen. */
export function fenOf(yuan: number): number | null {
  const fen = Math.round(yuan * 100);
  return Number.isFinite(yuan) && Math.abs(yuan * 100 - fen) < 1e-6 ? fen : null;
}

export async function createOrder(db: Kysely<Database>, clock: Clock, orderMinutes: number, request: NewOrderRequest): Promise<PaymentOrderRow> {
  const pack = await sellablePackage(db, request.packageId);
  if (!pack) {
    const exists = await findPackage(db, request.packageId);
    throw new AppError(400, exists ? 'billing:orders.packageDisabled' : 'billing:orders.unknownPackage');
  }
  const offeredFen = fenOf(request.payPrice);
  if (offeredFen !== pack.price_fen) throw new AppError(400, 'billing:orders.priceMismatch', { price: (pack.price_fen / 100).toFixed(2) });
  const now = clock.now();
  const row: PaymentOrderRow = {
    out_trade_no: newOutTradeNo(now),
    user_id: request.userId,
    package_id: pack.id,
    package_type: pack.package_type,
    package_name: request.packageName(pack),
    valid_period: pack.valid_period,
    valid_period_unit: pack.valid_period_unit,
    hours: pack.hours,
    pay_type: request.payType,
    source: request.source,
    provider: request.provider,
    amount_fen: pack.price_fen,
    status: 'pending',
    provider_order_id: null,
    provider_txn_id: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + orderMinutes * 60_000).toISOString(),
    paid_at: null,
    closed_at: null,
  };
  await db.insertInto('payment_orders').values(row).execute();
  return row;
}

export async function findOrder(db: Kysely<Database>, outTradeNo: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

/** The caller's own order; anyone else's answers exactly like one that does not exist. */
export async function findOwnOrder(db: Kysely<Database>, userId: string, outTradeNo: string): Promise<PaymentOrderRow> {
  const row = await db.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', outTradeNo).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError(404, 'billing:orders.notFound');
  return row;
}

export async function findOrderByProviderOrderId(db: Kysely<Database>, provider: ProviderName, providerOrderId: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('provider', '=', provider).where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

export async function recordProviderOrderId(db: Kysely<Database>, outTradeNo: string, providerOrderId: string): Promise<void> {
  await db.updateTable('payment_orders').set({ provider_order_id: providerOrderId }).where('out_trade_no', '=', outTradeNo).execute();
}

export const isExpired = (order: PaymentOrderRow, now: Date) => order.status === 'pending' && Date.parse(order.expires_at) <= now.getTime();

/** Closes a pending order (expired, or cancelled by the payer). Resolves the order as it now stands. */
export async function closeOrder(db: Kysely<Database>, clock: Clock, outTradeNo: string): Promise<PaymentOrderRow | undefined> {
  await db.updateTable('payment_orders').set({ status: 'closed', closed_at: clock.now().toISOString() }).where('out_trade_no', '=', outTradeNo).where('status', '=', 'pending').execute();
  return findOrder(db, outTradeNo);
}

/** Closes every pending order past its expiry (run now and then; status reads close lazily too). */
export async function closeExpiredOrders(db: Kysely<Database>, clock: Clock): Promise<number> {
  const now = clock.now().toISOString();
  const result = await db.updateTable('payment_orders').set({ status: 'closed', closed_at: now }).where('status', '=', 'pending').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
