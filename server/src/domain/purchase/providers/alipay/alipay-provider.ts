// Alipay: alipay.trade.precreate (the qr_code the purchase dialog shows), alipay.trade.query for status
// polling, alipay.trade.wap.pay for the mobile web page (getAliH5Pay), and the asynchronous notification.
// Requests are RSA2-signed with the app key; answers and notifications are verified with the Alipay key.
import type { PaymentConfirmation, PaymentProvider, PaymentRequest, PaymentStart } from '../payment-provider';
import { firstMissing, type AlipayConfig } from '../vendor-config';
import { fenToYuanText, notConfigured, vendorFailed, vendorFetch, vendorUnverified, yuanTextToFen } from '../vendor-errors';
import { asPem, beijingDateTime, parseBeijingDateTime, rawJsonMember, rsa2Sign, rsa2Verify, signingString } from './alipay-signing';

const VENDOR = 'Alipay' as const;
const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Alipay retries an unanswered notification for about 25 hours (4m, 10m, 10m, 1h, 2h, 6h, 15h). */
export const ALIPAY_NOTIFICATION_TOLERANCE_SECONDS = 26 * 3600;

export type AlipayNotificationCheck =
  | { ok: true; confirmation: PaymentConfirmation; notificationId: string }
  | { ok: false; problem: 'unsigned' | 'badSignature' | 'stale' | 'foreignApp' | 'malformed' | 'ignored' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;

  constructor(
    private readonly config: AlipayConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get missingSetting(): string | null {
    return firstMissing([
      ['ALIPAY_APP_ID', this.config.appId],
      ['ALIPAY_PRIVATE_KEY', this.config.privateKeyPem],
      ['ALIPAY_PUBLIC_KEY', this.config.alipayPublicKeyPem],
    ]);
  }

  get configured(): boolean {
    return this.missingSetting === null;
  }

  private settings() {
    const missing = this.missingSetting;
    if (missing) throw notConfigured(VENDOR, missing);
    return {
      appId: this.config.appId!,
      privateKeyPem: asPem(this.config.privateKeyPem!, 'PRIVATE KEY'),
      publicKeyPem: asPem(this.config.alipayPublicKeyPem!, 'PUBLIC KEY'),
      gateway: this.config.gateway,
    };
  }

  /** The public request parameters of one API method, signed. */
  signedParams(method: string, bizContent: object, extra: Record<string, string> = {}): Record<string, string> {
    const s = this.settings();
    const params: Record<string, string> = {
      app_id: s.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingDateTime(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    return { ...params, sign: rsa2Sign(signingString(params), s.privateKeyPem) };
  }

  /** Calls a method and answers its verified `<method>_response` object (code 10000 only). */
  private async call<T extends Record<string, unknown>>(method: string, bizContent: object, extra: Record<string, string> = {}): Promise<T> {
    const s = this.settings();
    const response = await vendorFetch(VENDOR, `${s.gateway}?charset=utf-8`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.signedParams(method, bizContent, extra)).toString(),
    });
    const text = await response.text();
    const member = `${method.replace(/\./g, '_')}_response`;
    const raw = rawJsonMember(text, member);
    let parsed: { sign?: string } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw vendorFailed(VENDOR, `${response.status} answer is not JSON`);
    }
    if (raw === null) throw vendorFailed(VENDOR, `${response.status} no ${member}`);
    const answer = JSON.parse(raw) as T & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };
    // A refused request (bad app id, bad signature) may come back unsigned; it is reported, never believed.
    if (answer.code !== '10000') throw vendorFailed(VENDOR, `${answer.code ?? response.status} ${answer.sub_code ?? answer.msg ?? ''} ${answer.sub_msg ?? ''}`.trim());
    if (typeof parsed.sign !== 'string' || !rsa2Verify(raw, parsed.sign, s.publicKeyPem)) throw vendorUnverified(VENDOR);
    return answer;
  }

  private notifyUrl(request: PaymentRequest): string {
    return `${request.publicBaseUrl.replace(/\/+$/, '')}/pay/notify/alipay`;
  }

  private bizContent(request: PaymentRequest, extra: Record<string, string> = {}) {
    return {
      out_trade_no: request.outTradeNo,
      total_amount: fenToYuanText(request.amountFen),
      subject: (request.goodsName || request.description).slice(0, 256),
      body: request.description.slice(0, 128),
      time_expire: beijingDateTime(request.expiresAt),
      ...extra,
    };
  }

  /** alipay.trade.precreate: the qr_code of the order. */
  async start(request: PaymentRequest): Promise<PaymentStart> {
    const answer = await this.call<{ out_trade_no?: string; qr_code?: string }>('alipay.trade.precreate', this.bizContent(request), { notify_url: this.notifyUrl(request) });
    if (answer.out_trade_no !== request.outTradeNo || !answer.qr_code) throw vendorFailed(VENDOR, 'precreate answered another order or no qr_code');
    return { aliPayQRCode: answer.qr_code };
  }

  /**
   * alipay.trade.wap.pay is not called server to server: the payer's browser posts the signed form to the
   * gateway. Answers that page (it submits itself), as Alipay's SDKs do.
   */
  wapPayHtml(request: PaymentRequest, returnUrl: string | undefined): string {
    const s = this.settings();
    const params = this.signedParams('alipay.trade.wap.pay', this.bizContent(request, { product_code: 'QUICK_WAP_WAY', ...(returnUrl ? { quit_url: returnUrl } : {}) }), {
      notify_url: this.notifyUrl(request),
      ...(returnUrl ? { return_url: returnUrl } : {}),
    });
    const inputs = Object.entries(params)
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
      .join('');
    return `<form id="alipaysubmit" name="alipaysubmit" action="${escapeHtml(`${s.gateway}?charset=utf-8`)}" method="POST">${inputs}<input type="submit" value="Alipay" style="display:none"></form><script>document.forms['alipaysubmit'].submit();</script>`;
  }

  async query(outTradeNo: string): Promise<PaymentConfirmation | null> {
    let answer: Record<string, unknown>;
    try {
      answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    } catch (error) {
      // Before the payer scans, Alipay does not know the trade yet: that is "unpaid", not a failure.
      if ((error as { params?: { detail?: string } }).params?.detail?.includes('ACQ.TRADE_NOT_EXIST')) return null;
      throw error;
    }
    if (answer.out_trade_no !== outTradeNo) throw vendorFailed(VENDOR, 'the answer is about another order');
    return this.confirmationOf(answer as Record<string, string | undefined>, 'send_pay_date');
  }

  private confirmationOf(fields: Record<string, string | undefined>, paidAtField: string): PaymentConfirmation | null {
    if (!PAID_STATUSES.has(fields.trade_status ?? '')) return null;
    const amountFen = yuanTextToFen(fields.total_amount);
    if (!fields.out_trade_no || !fields.trade_no || amountFen === null) return null;
    return { provider: 'alipay', outTradeNo: fields.out_trade_no, providerTxnId: fields.trade_no, amountFen, paidAt: parseBeijingDateTime(fields[paidAtField]) ?? this.now() };
  }

  /** The asynchronous notification (form fields, already URL-decoded). */
  verifyNotification(fields: Record<string, string>): AlipayNotificationCheck {
    const s = this.settings();
    if (!fields.sign) return { ok: false, problem: 'unsigned' };
    if (fields.sign_type && fields.sign_type !== 'RSA2') return { ok: false, problem: 'badSignature' };
    if (!rsa2Verify(signingString(fields, ['sign', 'sign_type']), fields.sign, s.publicKeyPem)) return { ok: false, problem: 'badSignature' };
    const sentAt = parseBeijingDateTime(fields.notify_time);
    if (!sentAt || !fields.notify_id) return { ok: false, problem: 'malformed' };
    if (Math.abs(this.now().getTime() - sentAt.getTime()) > ALIPAY_NOTIFICATION_TOLERANCE_SECONDS * 1000) return { ok: false, problem: 'stale' };
    if (fields.app_id !== s.appId) return { ok: false, problem: 'foreignApp' };
    const confirmation = this.confirmationOf(fields, 'gmt_payment');
    if (!confirmation) return { ok: false, problem: 'ignored' };
    return { ok: true, confirmation, notificationId: fields.notify_id };
  }
}
