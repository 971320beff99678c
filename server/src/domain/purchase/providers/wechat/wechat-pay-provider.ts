// WeChat Pay API v3: Native (QR code_url), JSAPI (prepay_id → WeixinJSBridge parameters), query by
// out_trade_no, payment notifications, and the MP oauth2 code → openid exchange for in-app payment.
// Every request is signed with the merchant key; every answer and notification is checked against the
// platform certificate before it is believed.
import type { PaymentConfirmation, PaymentProvider, PaymentRequest, PaymentStart } from '../payment-provider';
import { firstMissing, type WeChatPayConfig } from '../vendor-config';
import { notConfigured, vendorFailed, vendorFetch, vendorUnverified } from '../vendor-errors';
import { authorizationHeader, decryptResource, jsApiPaySign, nonce, verifyPlatformSignature, type EncryptedResource, type SignatureProblem } from './wechat-signing';

const VENDOR = 'WeChat Pay' as const;

export interface JsApiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type NotificationCheck =
  | { ok: true; confirmation: PaymentConfirmation; notificationId: string }
  /** `ignored`: a genuine notification of another event (refund, closed) that credits nothing. */
  | { ok: false; problem: SignatureProblem | 'malformed' | 'undecryptable' | 'foreignMerchant' | 'ignored' };

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** RFC 3339 with the +08:00 offset WeChat documents for time_expire. */
function beijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

export class WeChatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;

  constructor(
    private readonly config: WeChatPayConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The first payment setting that is missing (merchant id, app id, key, serial, platform certificate, APIv3 key). */
  get missingSetting(): string | null {
    const c = this.config;
    return firstMissing([
      ['WECHAT_PAY_MCHID', c.mchId],
      ['WECHAT_PAY_APPID', c.appId],
      ['WECHAT_PAY_SERIAL', c.serialNo],
      ['WECHAT_PAY_PRIVATE_KEY', c.privateKeyPem],
      ['WECHAT_PAY_PLATFORM_CERT', c.platformCertPem],
      ['WECHAT_PAY_API_V3_KEY', c.apiV3Key],
    ]);
  }

  get configured(): boolean {
    return this.missingSetting === null;
  }

  /** The official account (MP) app id of in-app payment and its oauth2; null when not set. */
  get appId(): string | null {
    return this.config.appId;
  }

  private settings() {
    const missing = this.missingSetting;
    if (missing) throw notConfigured(VENDOR, missing);
    const c = this.config;
    return { ...c, mchId: c.mchId!, appId: c.appId!, serialNo: c.serialNo!, privateKeyPem: c.privateKeyPem!, platformCertPem: c.platformCertPem!, apiV3Key: c.apiV3Key! };
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** One signed call; the answer's own signature is verified before its JSON is read. */
  private async call<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<{ status: number; data: T }> {
    const s = this.settings();
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = authorizationHeader(s, method, pathWithQuery, body, this.nowSeconds());
    const response = await vendorFetch(VENDOR, `${s.apiUrl}${pathWithQuery}`, {
      method,
      headers: { Authorization: authorization, Accept: 'application/json', 'User-Agent': 'Parley', ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(payload === undefined ? {} : { body }),
    });
    const text = await response.text();
    if (response.status >= 400) {
      let message = text;
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        message = `${parsed.code ?? response.status} ${parsed.message ?? ''}`.trim();
      } catch {
        /* the status alone says enough */
      }
      throw vendorFailed(VENDOR, `${response.status} ${message}`);
    }
    const problem = verifyPlatformSignature(
      { timestamp: response.headers.get('wechatpay-timestamp') ?? undefined, nonce: response.headers.get('wechatpay-nonce') ?? undefined, signature: response.headers.get('wechatpay-signature') ?? undefined, body: text },
      s.platformCertPem,
      this.nowSeconds(),
    );
    if (problem) throw vendorUnverified(VENDOR);
    try {
      return { status: response.status, data: (text ? JSON.parse(text) : {}) as T };
    } catch {
      throw vendorFailed(VENDOR, 'answer is not JSON');
    }
  }

  private orderBody(request: PaymentRequest) {
    const s = this.settings();
    return {
      appid: s.appId,
      mchid: s.mchId,
      // WeChat allows 127 characters of description.
      description: (request.goodsName || request.description).slice(0, 127),
      out_trade_no: request.outTradeNo,
      time_expire: beijingTime(request.expiresAt),
      notify_url: `${request.publicBaseUrl.replace(/\/+$/, '')}/pay/notify/wechat`,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
  }

  /** Native payment: the code_url the purchase dialog renders as its QR code. */
  async start(request: PaymentRequest): Promise<PaymentStart> {
    const { data } = await this.call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', this.orderBody(request));
    if (!data.code_url) throw vendorFailed(VENDOR, 'no code_url in the answer');
    return { weChatQRCode: data.code_url };
  }

  /** JSAPI payment inside WeChat: prepay_id, then the parameters WeixinJSBridge's chooseWXPay needs, signed. */
  async startJsApi(request: PaymentRequest, openid: string): Promise<JsApiPayParams> {
    const s = this.settings();
    const { data } = await this.call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', { ...this.orderBody(request), payer: { openid } });
    if (!data.prepay_id) throw vendorFailed(VENDOR, 'no prepay_id in the answer');
    const timeStamp = String(this.nowSeconds());
    const nonceStr = nonce();
    const prepayPackage = `prepay_id=${data.prepay_id}`;
    return { appId: s.appId, timeStamp, nonceStr, package: prepayPackage, signType: 'RSA', paySign: jsApiPaySign(s.appId, timeStamp, nonceStr, prepayPackage, s.privateKeyPem) };
  }

  async query(outTradeNo: string): Promise<PaymentConfirmation | null> {
    const s = this.settings();
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(s.mchId)}`;
    const { data } = await this.call<Transaction>('GET', path);
    if (data.out_trade_no !== outTradeNo) throw vendorFailed(VENDOR, 'the answer is about another order');
    return this.confirmationOf(data);
  }

  private confirmationOf(transaction: Transaction): PaymentConfirmation | null {
    if (transaction.trade_state !== 'SUCCESS') return null;
    const total = transaction.amount?.total;
    if (!transaction.out_trade_no || !transaction.transaction_id || !Number.isSafeInteger(total)) return null;
    const paidAt = transaction.success_time ? new Date(transaction.success_time) : this.now();
    return {
      provider: 'wechat',
      outTradeNo: transaction.out_trade_no,
      providerTxnId: transaction.transaction_id,
      amountFen: total!,
      paidAt: Number.isNaN(paidAt.getTime()) ? this.now() : paidAt,
    };
  }

  /** A payment notification: platform signature, then the encrypted resource opened with the APIv3 key. */
  verifyNotification(notification: IncomingNotification): NotificationCheck {
    const s = this.settings();
    const problem = verifyPlatformSignature(
      {
        timestamp: header(notification.headers, 'wechatpay-timestamp'),
        nonce: header(notification.headers, 'wechatpay-nonce'),
        signature: header(notification.headers, 'wechatpay-signature'),
        body: notification.rawBody,
      },
      s.platformCertPem,
      this.nowSeconds(),
    );
    if (problem) return { ok: false, problem };
    let event: { id?: string; event_type?: string; resource?: EncryptedResource };
    try {
      event = JSON.parse(notification.rawBody) as typeof event;
    } catch {
      return { ok: false, problem: 'malformed' };
    }
    if (!event.id || !event.resource) return { ok: false, problem: 'malformed' };
    if (event.event_type !== 'TRANSACTION.SUCCESS') return { ok: false, problem: 'ignored' };
    const plaintext = decryptResource(event.resource, s.apiV3Key);
    if (plaintext === null) return { ok: false, problem: 'undecryptable' };
    let transaction: Transaction;
    try {
      transaction = JSON.parse(plaintext) as Transaction;
    } catch {
      return { ok: false, problem: 'malformed' };
    }
    if (transaction.mchid !== s.mchId || transaction.appid !== s.appId) return { ok: false, problem: 'foreignMerchant' };
    const confirmation = this.confirmationOf(transaction);
    if (!confirmation) return { ok: false, problem: 'ignored' };
    return { ok: true, confirmation, notificationId: event.id };
  }

  /** getOpenId: the MP app's oauth2 code → openid (needs WECHAT_MP_APP_SECRET besides the app id). */
  async openIdFromCode(code: string): Promise<string> {
    const missing = firstMissing([
      ['WECHAT_PAY_APPID', this.config.appId],
      ['WECHAT_MP_APP_SECRET', this.config.mpAppSecret],
    ]);
    if (missing) throw notConfigured(VENDOR, missing);
    const query = new URLSearchParams({ appid: this.config.appId!, secret: this.config.mpAppSecret!, code, grant_type: 'authorization_code' });
    const response = await vendorFetch(VENDOR, `${this.config.oauthApiUrl}/sns/oauth2/access_token?${query}`, { method: 'GET' });
    let answer: { openid?: string; errcode?: number; errmsg?: string };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      throw vendorFailed(VENDOR, `oauth2 answered ${response.status} without JSON`);
    }
    if (answer.errcode || !answer.openid) throw vendorFailed(VENDOR, `oauth2 ${answer.errcode ?? response.status} ${answer.errmsg ?? 'no openid'}`);
    return answer.openid;
  }
}
