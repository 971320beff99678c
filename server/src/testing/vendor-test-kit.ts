// Test support for the vendor endpoints: one local stand-in serving WeChat Pay, Alipay and PayPal
// (each checking the documented signature or credentials and answering documented shapes), vendor key
// pairs generated here, and an in-memory order book + settle() standing in for the payments service
// (credits once per provider transaction id, as the real one must).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { ManualClock, uniqueEmail } from './inject';
import { sqliteTestConfig } from './test-config';
import { rsa2Sign, rsa2Verify, signingString } from '../domain/purchase/providers/alipay/alipay-signing';
import { startLocalVendorServer, type LocalVendorServer, type RecordedRequest, type VendorAnswer } from './local-vendor-server';
import type { OrderLookup, PaymentWiring, VendorOrder } from '../domain/purchase/providers/order-lookup';
import type { PaymentConfirmation } from '../domain/purchase/providers/payment-provider';
import { loadPaymentVendorConfig } from '../domain/purchase/providers/vendor-config';
import { parseAuthorization, rsaSha256Sign, rsaSha256Verify } from '../domain/purchase/providers/wechat/wechat-signing';

const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

export const KEYS = { merchant: keyPair(), platform: keyPair(), alipayApp: keyPair(), alipay: keyPair(), stranger: keyPair() };
export const WECHAT = { mchId: '1900000109', appId: 'wxd678efh567hg6787', apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345' };
export const ALIPAY_APP_ID = '2021000000000001';
export const PAYPAL_WEBHOOK_ID = 'WH-1234';
/** The only package the fake order book sells: 29.90 yuan. */
export const PACKAGE = { id: 'svip-month', priceFen: 2990 };

export interface PayPalOrderState {
  outTradeNo: string;
  value: string;
  captured: boolean;
}

/** The vendors, as one local server; `paypalOrders` and `paypalVerification` let a test shape answers. */
export interface VendorStandIn extends LocalVendorServer {
  paypalOrders: Map<string, PayPalOrderState>;
  paypalVerification: { status: string };
}

function wechatSigned(body: object, now: Date): VendorAnswer {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(now.getTime() / 1000);
  const nonceStr = crypto.randomBytes(8).toString('hex');
  return { body: text, headers: { 'Wechatpay-Timestamp': String(timestamp), 'Wechatpay-Nonce': nonceStr, 'Wechatpay-Signature': rsaSha256Sign(`${timestamp}\n${nonceStr}\n${text}\n`, KEYS.platform.privateKey) } };
}

export async function startVendorStandIn(now: () => Date): Promise<VendorStandIn> {
  let standInUrl = () => '';
  const paypalOrders = new Map<string, PayPalOrderState>();
  const paypalVerification = { status: 'SUCCESS' };
  const answer = (request: RecordedRequest): VendorAnswer => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname.startsWith('/v3/pay/')) {
      const auth = parseAuthorization(request.headers.authorization);
      const signed = auth && rsaSha256Verify(`${request.method}\n${request.url}\n${auth.timestamp}\n${auth.nonce_str}\n${request.body}\n`, auth.signature ?? '', KEYS.merchant.publicKey);
      if (!signed || auth.mchid !== WECHAT.mchId) return { status: 401, body: { code: 'SIGN_ERROR', message: 'signature invalid' } };
      if (url.pathname === '/v3/pay/transactions/jsapi' && JSON.parse(request.body).payer?.openid === 'REFUSED-OPENID') return { status: 400, body: { code: 'PARAM_ERROR', message: 'openid mismatch' } };
      if (url.pathname === '/v3/pay/transactions/jsapi') return wechatSigned({ prepay_id: `wx${Date.now()}` }, now());
      if (url.pathname === '/v3/pay/transactions/native') return wechatSigned({ code_url: 'weixin://wxpay/bizpayurl?pr=TEST' }, now());
      // Status polling before the payer scans: WeChat knows the order, unpaid.
      const queried = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)$/.exec(url.pathname);
      if (queried && request.method === 'GET') return wechatSigned({ mchid: WECHAT.mchId, appid: WECHAT.appId, out_trade_no: decodeURIComponent(queried[1]!), trade_state: 'NOTPAY', trade_state_desc: '订单未支付' }, now());
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      return url.searchParams.get('code') === 'GOOD-CODE' && url.searchParams.get('secret') === 'mp-secret' ? { body: { access_token: 'T', expires_in: 7200, openid: 'OPENID-42', scope: 'snsapi_base' } } : { body: { errcode: 40029, errmsg: 'invalid code' } };
    }
    if (url.pathname === '/gateway.do') {
      const params = Object.fromEntries(new URLSearchParams(request.body));
      if (!rsa2Verify(signingString(params), params.sign ?? '', KEYS.alipayApp.publicKey)) return { body: { error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' } } };
      if (params.method === 'alipay.trade.query') {
        // Before the payer scans, Alipay does not know the trade.
        const missing = JSON.stringify({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'trade does not exist' });
        return { body: `{"alipay_trade_query_response":${missing},"sign":"${rsa2Sign(missing, KEYS.alipay.privateKey)}"}` };
      }
      const raw = JSON.stringify({ code: '10000', msg: 'Success', out_trade_no: JSON.parse(params.biz_content!).out_trade_no, qr_code: 'https://qr.alipay.com/TEST' });
      return { body: `{"alipay_trade_precreate_response":${raw},"sign":"${rsa2Sign(raw, KEYS.alipay.privateKey)}"}` };
    }
    if (url.pathname === '/v1/oauth2/token') {
      return request.headers.authorization === `Basic ${Buffer.from('pp-client:pp-secret').toString('base64')}` ? { body: { access_token: 'PP-TOKEN', token_type: 'Bearer', expires_in: 32400 } } : { status: 401, body: { error: 'invalid_client' } };
    }
    if (request.headers.authorization !== 'Bearer PP-TOKEN') return { status: 401, body: { error: 'invalid_token' } };
    if (url.pathname === '/v2/checkout/orders' && request.method === 'POST') {
      // Orders v2 create: the order id, and the payer-action link the payer opens.
      const unit = JSON.parse(request.body).purchase_units?.[0];
      if (!unit?.custom_id || !unit.amount?.value) return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] } };
      const id = `PPORDER${paypalOrders.size + 1}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
      paypalOrders.set(id, { outTradeNo: unit.custom_id, value: unit.amount.value, captured: false });
      return { body: { id, status: 'PAYER_ACTION_REQUIRED', links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }, { href: `${standInUrl()}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }] } };
    }
    const read = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url.pathname);
    if (read && request.method === 'GET') {
      const order = paypalOrders.get(read[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
      const captures = order.captured ? [{ id: `CAP-${read[1]}`, status: 'COMPLETED', amount: { currency_code: 'CNY', value: order.value }, custom_id: order.outTradeNo, create_time: now().toISOString() }] : [];
      return { body: { id: read[1], status: order.captured ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED', purchase_units: [{ reference_id: order.outTradeNo, custom_id: order.outTradeNo, ...(order.captured ? { payments: { captures } } : {}) }] } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
    if (capture) {
      const order = paypalOrders.get(capture[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
      if (order.captured) return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } };
      order.captured = true;
      return {
        status: 201,
        body: { id: capture[1], status: 'COMPLETED', purchase_units: [{ reference_id: order.outTradeNo, payments: { captures: [{ id: `CAP-${capture[1]}`, status: 'COMPLETED', amount: { currency_code: 'CNY', value: order.value }, custom_id: order.outTradeNo, create_time: now().toISOString() }] } }] },
      };
    }
    if (url.pathname === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(request.body);
      return { body: { verification_status: body.webhook_id === PAYPAL_WEBHOOK_ID ? paypalVerification.status : 'FAILURE' } };
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  };
  const server = await startLocalVendorServer(answer);
  standInUrl = () => server.url;
  return Object.assign(server, { paypalOrders, paypalVerification });
}

export function vendorEnv(standIn: LocalVendorServer): Record<string, string> {
  return {
    WECHAT_PAY_MCHID: WECHAT.mchId,
    WECHAT_PAY_APPID: WECHAT.appId,
    WECHAT_PAY_SERIAL: 'MERCHANT-SERIAL',
    WECHAT_PAY_PRIVATE_KEY: KEYS.merchant.privateKey,
    WECHAT_PAY_PLATFORM_CERT: KEYS.platform.publicKey,
    WECHAT_PAY_API_V3_KEY: WECHAT.apiV3Key,
    WECHAT_PAY_API_URL: standIn.url,
    WECHAT_MP_APP_SECRET: 'mp-secret',
    WECHAT_OAUTH_API_URL: standIn.url,
    ALIPAY_APP_ID: ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: KEYS.alipayApp.privateKey,
    ALIPAY_PUBLIC_KEY: KEYS.alipay.publicKey,
    ALIPAY_GATEWAY: `${standIn.url}/gateway.do`,
    PAYPAL_CLIENT_ID: 'pp-client',
    PAYPAL_SECRET: 'pp-secret',
    PAYPAL_API_URL: standIn.url,
    PAYPAL_WEBHOOK_ID,
    PAYPAL_CURRENCY: 'CNY',
  };
}

/** The payments service's part, in memory: orders priced from one package, settle() crediting once per transaction. */
export class FakeOrderBook implements OrderLookup {
  readonly orders = new Map<string, VendorOrder>();
  readonly credits: PaymentConfirmation[] = [];
  settleCalls = 0;
  private counter = 0;

  async create(user: UserRow, order: Parameters<OrderLookup['create']>[1]) {
    if (order.packageId !== PACKAGE.id || Math.round(order.payPrice * 100) !== PACKAGE.priceFen) throw new AppError(400, 'errors.invalidRequest');
    this.counter += 1;
    const outTradeNo = `T${Date.now()}${this.counter}`;
    this.orders.set(outTradeNo, { outTradeNo, userId: user.id, provider: order.provider, amountFen: PACKAGE.priceFen, status: 'pending', providerOrderId: null });
    return { outTradeNo, amountFen: PACKAGE.priceFen, goodsName: 'SVIP month', description: 'SVIP membership', expiresAt: new Date(Date.now() + 1800_000), publicBaseUrl: 'https://parley.example' };
  }
  seed(order: Omit<VendorOrder, 'status'> & { status?: VendorOrder['status'] }): VendorOrder {
    const full = { status: 'pending' as const, ...order };
    this.orders.set(order.outTradeNo, full);
    return full;
  }
  async findForUser(userId: string, outTradeNo: string) {
    const order = this.orders.get(outTradeNo);
    return order && order.userId === userId ? order : null;
  }
  async findByOutTradeNo(outTradeNo: string) {
    return this.orders.get(outTradeNo) ?? null;
  }
  async close(outTradeNo: string) {
    const order = this.orders.get(outTradeNo);
    if (order && order.status === 'pending') order.status = 'closed';
  }
  async findByProviderOrderId(provider: VendorOrder['provider'], id: string) {
    return [...this.orders.values()].find((o) => o.provider === provider && o.providerOrderId === id) ?? null;
  }
  readonly settle: PaymentWiring['settle'] = async (confirmation) => {
    this.settleCalls += 1;
    // Yield as a database round trip would, so concurrent deliveries really overlap.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const order = this.orders.get(confirmation.outTradeNo);
    if (!order) throw new Error('settle of an unknown order');
    if (this.credits.some((c) => c.provider === confirmation.provider && c.providerTxnId === confirmation.providerTxnId)) return { credited: false, outTradeNo: order.outTradeNo };
    this.credits.push(confirmation);
    order.status = 'paid';
    return { credited: true, outTradeNo: order.outTradeNo };
  };
}

export interface VendorTestApp {
  app: FastifyInstance;
  clock: ManualClock;
  book: FakeOrderBook;
  signUp(): Promise<{ user: UserRow; token: string }>;
}

/** An app on SQLite whose vendor settings point at the stand-in (`env: {}` for none), wired to a fake order book unless `wired` is false. */
export async function vendorTestApp(env: Record<string, string>, clock: ManualClock, wired = true): Promise<VendorTestApp> {
  const book = new FakeOrderBook();
  const app = await buildApp(sqliteTestConfig({ paymentVendors: loadPaymentVendorConfig(env) }), { clock, payments: wired ? { orders: book, settle: book.settle } : null });
  return {
    app,
    clock,
    book,
    async signUp() {
      const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('payer') }, 'secret123');
      return { user, token: await issueToken(app.db, clock, user.id) };
    },
  };
}
