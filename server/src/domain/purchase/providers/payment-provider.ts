// One interface for every way a user can pay (features §7 Payment). The order itself (price checked
// against the catalogue, outTradeNo, expiry, crediting the ledger exactly once) belongs to the
// payments service; a provider only starts a payment with its vendor and turns the vendor's answers
// (notification, capture, query) into a verified PaymentConfirmation.

/** payType of getQrPay: 1 WeChat, 2 Alipay, 3 PayPal; the sandbox serves any of them when no vendor is configured. */
export type PayType = 1 | 2 | 3;
export type ProviderName = 'sandbox' | 'paypal' | 'wechat' | 'alipay';

/** What the payments service asks a provider to collect. Amounts in fen (1/100 yuan). */
export interface PaymentRequest {
  outTradeNo: string;
  amountFen: number;
  /** Shown to the payer: the package name, translated. */
  goodsName: string;
  description: string;
  expiresAt: Date;
  /** Absolute base URL of this Parley (for return, cancel and notification URLs). */
  publicBaseUrl: string;
  /** Where PayPal sends the payer back: /paypalReturn and /paypalCallBack of the client. */
  returnUrl?: string;
  cancelUrl?: string;
}

/** What getQrPay answers besides outTradeNo: a QR payload or an approval link. */
export interface PaymentStart {
  weChatQRCode?: string;
  aliPayQRCode?: string;
  payPalPayHtml?: string;
  /** The vendor's id for the order, when it has one before payment (PayPal order id). */
  providerOrderId?: string;
}

/** A payment the vendor has proven (signature checked, amount read from the vendor's own answer). */
export interface PaymentConfirmation {
  provider: ProviderName;
  outTradeNo: string;
  /** The vendor's transaction id: crediting is unique on (provider, providerTxnId). */
  providerTxnId: string;
  amountFen: number;
  paidAt: Date;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether the settings it needs are present; an unconfigured provider answers an honest 'not configured'. */
  readonly configured: boolean;
  /** The first setting an unconfigured provider lacks (named in its 'not configured' message). */
  readonly missingSetting?: string | null;
  start(request: PaymentRequest): Promise<PaymentStart>;
  /** Asks the vendor whether an order was paid (used by status polling); null while unpaid. */
  query?(outTradeNo: string, providerOrderId?: string): Promise<PaymentConfirmation | null>;
}

/** The payments service's one way in for a confirmed payment: idempotent, credits at most once. */
export type SettlePayment = (confirmation: PaymentConfirmation) => Promise<{ credited: boolean; outTradeNo: string }>;
