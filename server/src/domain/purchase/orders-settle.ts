// SettlePayment (providers/payment-provider.ts): the one way a confirmed payment becomes credit. In
// one transaction the order turns paid and the ledger gets its 'order:<outTradeNo>' row; a second
// confirmation of the same payment (a notification, a capture and a poll racing) changes nothing
// and answers credited:false. The amount must be the order's; the credit is what the order bought.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, PaymentOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { appendEntry } from '../entitlements/ledger';
import { isMembership, LEDGER_ACCOUNT_OF } from '../vouchers/package-types';
import { periodEnd } from './packages';
import type { PaymentConfirmation, SettlePayment } from './providers/payment-provider';

export const orderSourceKey = (outTradeNo: string) => `order:${outTradeNo}`;

/** What a paid order credits: a membership's period from the payment, or a pack's hours lapsing after its validity. */
export function creditOf(order: PaymentOrderRow, paidAt: Date): { seconds: number; expiresAt: Date | null } {
  const end = periodEnd(paidAt, order.valid_period, order.valid_period_unit);
  if (isMembership(order.package_type)) return { seconds: Math.round((end.getTime() - paidAt.getTime()) / 1000), expiresAt: null };
  return { seconds: (order.hours ?? 0) * 3_600, expiresAt: end };
}

/** A unique index refused the write (SQLite or PostgreSQL): another settle got there first. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function createSettle(db: Kysely<Database>, clock: Clock): SettlePayment {
  return async (confirmation: PaymentConfirmation) => {
    const outcome = await db.transaction().execute(async (trx): Promise<boolean> => {
      const order = await trx.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', confirmation.outTradeNo).executeTakeFirst();
      if (!order || order.provider !== confirmation.provider) throw new AppError(404, 'billing:orders.notFound');
      if (confirmation.amountFen !== order.amount_fen) throw new AppError(400, 'billing:orders.amountMismatch');
      if (order.status === 'paid') return false;
      // A transaction id already used for another order pays nothing more.
      const used = await trx
        .selectFrom('payment_orders')
        .select('out_trade_no')
        .where('provider', '=', confirmation.provider)
        .where('provider_txn_id', '=', confirmation.providerTxnId)
        .executeTakeFirst();
      if (used) return false;
      // The conditional update is the claim: of concurrent settles only one sees a row change (a
      // PostgreSQL update waits for the other's commit and then re-reads the status).
      // An order closed by expiry that the vendor still collected is paid all the same: the money moved.
      const claimed = await trx
        .updateTable('payment_orders')
        .set({ status: 'paid', provider_txn_id: confirmation.providerTxnId, paid_at: clock.now().toISOString(), closed_at: null })
        .where('out_trade_no', '=', order.out_trade_no)
        .where('status', '!=', 'paid')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const paidAt = clock.now();
      const credit = creditOf(order, paidAt);
      return appendEntry(trx, {
        userId: order.user_id,
        account: LEDGER_ACCOUNT_OF[order.package_type],
        kind: 'purchase',
        sourceKey: orderSourceKey(order.out_trade_no),
        seconds: credit.seconds,
        expiresAt: credit.expiresAt ? credit.expiresAt.toISOString() : null,
        packageId: order.package_id,
        note: order.package_name,
        createdAt: paidAt.toISOString(),
      });
    }).catch((error: unknown) => {
      // One vendor transaction racing to pay two orders: the (provider, provider_txn_id) index lets one through.
      if (isUniqueViolation(error)) return false;
      throw error;
    });
    return { credited: outcome, outTradeNo: confirmation.outTradeNo };
  };
}
