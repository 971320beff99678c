// PayPal Orders v2 (developer.paypal.com/docs/api/orders/v2/): an OAuth2 client-credentials token
// (cached until shortly before it expires), create order (intent CAPTURE) whose payer-action/approve link
// is the page the payer opens, capture after the payer returns, order lookup for status polling, and
// webhook verification through /v1/notifications/verify-webhook-signature.
import type { PaymentConfirmation, PaymentProvider, PaymentRequest, PaymentStart } from '../payment-provider';
import { firstMissing, type PayPalConfig } from '../vendor-config';
import { notConfigured, vendorFailed, vendorFetch } from '../vendor-errors';
import { fenOfPayPalValue, payPalValue } from './paypal-amounts';

const VENDOR = 'PayPal' as const;
/** A token is renewed this long before PayPal says it expires, so no call goes out with a dying one. */
const TOKEN_MARGIN_MS = 60_000;
/** PayPal retries a webhook with a new transmission; an old transmission is not accepted again. */
export const PAYPAL_WEBHOOK_TOLERANCE_SECONDS = 600;

interface Money {
  currency_code?: string;
  value?: string;
}
interface Capture {
  id?: string;
  status?: string;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface Order {
  id?: string;
  status?: string;
  links?: Array<{ href?: string; rel?: string; method?: string }>;
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }>;
}

/** What the capture is checked against: the order Parley priced. */
export interface ExpectedPayment {
  outTradeNo: string;
  amountFen: number;
}

export type CaptureOutcome =
  | { ok: true; confirmation: PaymentConfirmation }
  | { ok: false; problem: 'unknownOrder' | 'notCompleted' | 'amountMismatch' | 'foreignOrder' };

export type PayPalWebhookCheck =
  | { ok: true; confirmation: PaymentConfirmation; notificationId: string; payPalOrderId: string | null; captured: Money }
  | { ok: false; problem: 'unsigned' | 'stale' | 'badSignature' | 'malformed' | 'ignored' };

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  /**
   * `orderAmountFen` (the payments service's price of an order) lets polling check a capture in a
   * currency other than CNY exactly; without it the captured value is converted back at the rate.
   */
  constructor(
    private readonly config: PayPalConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly orderAmountFen?: (outTradeNo: string) => Promise<number | null>,
  ) {}

  get missingSetting(): string | null {
    return firstMissing([
      ['PAYPAL_CLIENT_ID', this.config.clientId],
      ['PAYPAL_SECRET', this.config.secret],
      ['PAYPAL_YUAN_PER_UNIT', this.config.yuanPerUnit],
    ]);
  }

  get configured(): boolean {
    return this.missingSetting === null;
  }

  private settings() {
    const missing = this.missingSetting;
    if (missing) throw notConfigured(VENDOR, missing);
    return { ...this.config, clientId: this.config.clientId!, secret: this.config.secret!, yuanPerUnit: this.config.yuanPerUnit! };
  }

  /** POST /v1/oauth2/token with client credentials; one request at a time, reused until it nearly expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now().getTime()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const s = this.settings();
    const response = await vendorFetch(VENDOR, `${s.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${s.clientId}:${s.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (!response.ok || !answer.access_token) throw vendorFailed(VENDOR, `token ${response.status} ${answer.error ?? ''} ${answer.error_description ?? ''}`.trim());
    const lifetimeMs = (Number(answer.expires_in) || 0) * 1000;
    this.token = { value: answer.access_token, expiresAt: this.now().getTime() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return answer.access_token;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<{ status: number; data: T }> {
    const first = await this.callOnce<T>(method, path, body, requestId);
    if (first.status !== 401) return first;
    // PayPal revoked the cached token before its stated expiry: one more try with a fresh one.
    this.token = null;
    return this.callOnce<T>(method, path, body, requestId);
  }

  private async callOnce<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<{ status: number; data: T }> {
    const s = this.settings();
    const token = await this.accessToken();
    const response = await vendorFetch(VENDOR, `${s.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // Retrying the same call with the same id does not create or capture twice.
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const data = (await response.json().catch(() => ({}))) as T;
    return { status: response.status, data };
  }

  private static failure(status: number, data: unknown): string {
    const d = data as { name?: string; message?: string; details?: Array<{ issue?: string }> };
    return `${status} ${d.details?.[0]?.issue ?? d.name ?? ''} ${d.message ?? ''}`.trim();
  }

  /** Creates the order; its payer-action (or, without payment_source, approve) link is the page the payer opens. */
  async start(request: PaymentRequest): Promise<PaymentStart> {
    const s = this.settings();
    const base = request.publicBaseUrl.replace(/\/+$/, '');
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.outTradeNo,
          custom_id: request.outTradeNo,
          description: (request.goodsName || request.description).slice(0, 127),
          amount: { currency_code: s.currency, value: payPalValue(request.amountFen, s.currency, s.yuanPerUnit) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Parley',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: request.returnUrl ?? `${base}/paypalReturn`,
            cancel_url: request.cancelUrl ?? `${base}/paypalCallBack`,
          },
        },
      },
    };
    const { status, data } = await this.call<Order>('POST', '/v2/checkout/orders', body, `create-${request.outTradeNo}`);
    if (status !== 200 && status !== 201) throw vendorFailed(VENDOR, PayPalProvider.failure(status, data));
    const link = data.links?.find((l) => l.rel === 'payer-action') ?? data.links?.find((l) => l.rel === 'approve');
    if (!data.id || !link?.href) throw vendorFailed(VENDOR, 'no order id or approval link in the answer');
    return { payPalPayHtml: link.href, providerOrderId: data.id };
  }

  /** The completed capture of an order answer, checked against what Parley priced. */
  private captureOf(order: Order, expected: ExpectedPayment | null): CaptureOutcome {
    const s = this.settings();
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
    if (order.status !== 'COMPLETED' || !capture?.id || !capture.amount?.value) return { ok: false, problem: 'notCompleted' };
    const outTradeNo = capture.custom_id ?? unit?.custom_id ?? unit?.reference_id;
    if (!outTradeNo || (expected && outTradeNo !== expected.outTradeNo)) return { ok: false, problem: 'foreignOrder' };
    if (capture.amount.currency_code !== s.currency) return { ok: false, problem: 'amountMismatch' };
    if (expected && capture.amount.value !== payPalValue(expected.amountFen, s.currency, s.yuanPerUnit)) return { ok: false, problem: 'amountMismatch' };
    const amountFen = expected ? expected.amountFen : fenOfPayPalValue(capture.amount.value, s.yuanPerUnit);
    if (amountFen === null) return { ok: false, problem: 'amountMismatch' };
    const paidAt = capture.create_time ? new Date(capture.create_time) : this.now();
    return { ok: true, confirmation: { provider: 'paypal', outTradeNo, providerTxnId: capture.id, amountFen, paidAt: Number.isNaN(paidAt.getTime()) ? this.now() : paidAt } };
  }

  /** Whether a captured amount is exactly what an order of `amountFen` was priced at in PayPal. */
  capturedMatches(captured: Money, amountFen: number): boolean {
    const s = this.settings();
    return captured.currency_code === s.currency && captured.value === payPalValue(amountFen, s.currency, s.yuanPerUnit);
  }

  /** POST /v2/checkout/orders/{id}/capture; an order captured already (by a retry) is read back instead. */
  async capture(payPalOrderId: string, expected: ExpectedPayment): Promise<CaptureOutcome> {
    const path = `/v2/checkout/orders/${encodeURIComponent(payPalOrderId)}`;
    const { status, data } = await this.call<Order & { details?: Array<{ issue?: string }> }>('POST', `${path}/capture`, {}, `capture-${payPalOrderId}`);
    if (status === 404) return { ok: false, problem: 'unknownOrder' };
    if (status === 422 && data.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) {
      const read = await this.call<Order>('GET', path);
      if (read.status !== 200) throw vendorFailed(VENDOR, PayPalProvider.failure(read.status, read.data));
      return this.captureOf(read.data, expected);
    }
    if (status === 422) return { ok: false, problem: 'notCompleted' };
    if (status !== 200 && status !== 201) throw vendorFailed(VENDOR, PayPalProvider.failure(status, data));
    return this.captureOf(data, expected);
  }

  /** Status polling: reads the order; a completed capture confirms it. */
  async query(outTradeNo: string, providerOrderId?: string): Promise<PaymentConfirmation | null> {
    if (!providerOrderId) return null;
    const { status, data } = await this.call<Order>('GET', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`);
    if (status === 404) return null;
    if (status !== 200) throw vendorFailed(VENDOR, PayPalProvider.failure(status, data));
    const amountFen = this.orderAmountFen ? await this.orderAmountFen(outTradeNo) : null;
    const outcome = this.captureOf(data, amountFen === null ? null : { outTradeNo, amountFen });
    return outcome.ok && outcome.confirmation.outTradeNo === outTradeNo ? outcome.confirmation : null;
  }

  /** A webhook delivery: PayPal itself confirms the transmission signature; only PAYMENT.CAPTURE.COMPLETED credits. */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayPalWebhookCheck> {
    const s = this.settings();
    if (!s.webhookId) throw notConfigured(VENDOR, 'PAYPAL_WEBHOOK_ID');
    const fields = {
      auth_algo: header(headers, 'paypal-auth-algo'),
      cert_url: header(headers, 'paypal-cert-url'),
      transmission_id: header(headers, 'paypal-transmission-id'),
      transmission_sig: header(headers, 'paypal-transmission-sig'),
      transmission_time: header(headers, 'paypal-transmission-time'),
    };
    if (Object.values(fields).some((v) => !v)) return { ok: false, problem: 'unsigned' };
    const sentAt = Date.parse(fields.transmission_time!);
    if (Number.isNaN(sentAt) || Math.abs(this.now().getTime() - sentAt) > PAYPAL_WEBHOOK_TOLERANCE_SECONDS * 1000) return { ok: false, problem: 'stale' };
    let event: { id?: string; event_type?: string; resource?: Capture };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      return { ok: false, problem: 'malformed' };
    }
    if (!event.id || !event.resource) return { ok: false, problem: 'malformed' };
    const { status, data } = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', { ...fields, webhook_id: s.webhookId, webhook_event: event });
    if (status !== 200) throw vendorFailed(VENDOR, PayPalProvider.failure(status, data));
    if (data.verification_status !== 'SUCCESS') return { ok: false, problem: 'badSignature' };
    if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return { ok: false, problem: 'ignored' };
    const capture = event.resource;
    const orderId = capture.supplementary_data?.related_ids?.order_id ?? null;
    const outcome = this.captureOf({ status: 'COMPLETED', purchase_units: [{ payments: { captures: [capture] } }] }, null);
    if (!outcome.ok) return { ok: false, problem: 'ignored' };
    return { ok: true, confirmation: outcome.confirmation, notificationId: event.id, payPalOrderId: orderId, captured: capture.amount! };
  }
}
