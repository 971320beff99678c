// Payment orders (0013).
import type { Selectable } from 'kysely';
import type { PackageType } from './entitlements';

export type PaymentOrderStatus = 'pending' | 'paid' | 'closed';

/** Payment orders (0013): one per getQrPay; paid credits the ledger once ('order:<outTradeNo>'). */
export interface PaymentOrdersTable {
  out_trade_no: string;
  user_id: string;
  package_id: string;
  package_type: PackageType;
  package_name: string;
  valid_period: number;
  valid_period_unit: number;
  hours: number | null;
  pay_type: string;
  source: number;
  provider: string;
  amount_fen: number;
  status: PaymentOrderStatus;
  provider_order_id: string | null;
  provider_txn_id: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  closed_at: string | null;
}

/** The purchase tables as the Database names them (server/src/db/schema.ts composes them). */
export interface PurchaseTables {
  payment_orders: PaymentOrdersTable;
}

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
