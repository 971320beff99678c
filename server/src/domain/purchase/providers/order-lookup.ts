// What the vendor endpoints (notifications, PayPal return, in-app and mobile variants) need from the
// payments service that owns the orders table. The payments service implements it; the vendor code
// never reads or writes orders itself.
import type { UserRow } from '../../../db/schema';
import type { ServerT } from '../../../i18n';
import type { PaymentRequest, ProviderName, SettlePayment } from './payment-provider';

/** An order as the vendor endpoints see it. Amounts in fen. */
export interface VendorOrder {
  outTradeNo: string;
  userId: string;
  provider: ProviderName;
  amountFen: number;
  status: 'pending' | 'paid' | 'closed';
  /** The vendor's own id (PayPal order id), once start() answered one. */
  providerOrderId: string | null;
}

/** An order the in-app (JSAPI) and mobile (wap) variants open: the getQrPay fields, minus the QR. */
export interface NewVendorOrder {
  provider: 'wechat' | 'alipay';
  packageId: string;
  /** What the client shows; the service refuses it when it is not the catalogue price. */
  payPrice: number;
  source?: number;
  goodsName?: string;
  description?: string;
}

export interface OrderLookup {
  /**
   * Opens a pending order exactly as getQrPay does (package enabled, price checked against the
   * catalogue, outTradeNo, expiry) and answers what a provider needs to start it. Refusals are
   * translated AppErrors.
   */
  create(user: UserRow, order: NewVendorOrder, context: { t: ServerT; requestOrigin: string }): Promise<PaymentRequest>;
  /** The user's own order; another user's order is null, as if it did not exist. */
  findForUser(userId: string, outTradeNo: string): Promise<VendorOrder | null>;
  /** Any user's order: notifications arrive without a user. */
  findByOutTradeNo(outTradeNo: string): Promise<VendorOrder | null>;
  /** Closes a pending order nobody can pay (its vendor refused to start it). */
  close(outTradeNo: string): Promise<void>;
  /** The order a vendor id belongs to (PayPal's token on /paypalReturn is its order id). */
  findByProviderOrderId(provider: ProviderName, providerOrderId: string): Promise<VendorOrder | null>;
}

/** The two things the lead wires from the payments service into the vendor endpoints. */
export interface PaymentWiring {
  orders: OrderLookup;
  settle: SettlePayment;
}
