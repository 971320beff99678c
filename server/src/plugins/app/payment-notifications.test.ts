// POST /pay/notify/{wechat,alipay,paypal} through the app: a correctly signed notification settles the
// order once; unsigned, badly signed, stale, replayed, foreign-merchant, unknown-order and wrong-amount
// notifications are refused with settle() never called; a burst of the same delivery credits once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsa2Sign, signingString } from '../../domain/purchase/providers/alipay/alipay-signing';
import { ALIPAY_APP_ID, KEYS, startVendorStandIn, vendorEnv, vendorTestApp, WECHAT, type VendorStandIn, type VendorTestApp } from '../../testing/vendor-test-kit';
import { encryptResource, rsaSha256Sign } from '../../domain/purchase/providers/wechat/wechat-signing';
import { ManualClock } from '../../testing/inject';

const clock = new ManualClock(Date.parse('2026-11-24T06:00:00Z'));
let standIn: VendorStandIn;
let kit: VendorTestApp;
let orderCounter = 0;

beforeAll(async () => {
  standIn = await startVendorStandIn(() => clock.now());
  kit = await vendorTestApp(vendorEnv(standIn), clock);
});
afterAll(async () => {
  await kit.app.close();
  await standIn.close();
});

function pendingOrder(provider: 'wechat' | 'alipay' | 'paypal', amountFen = 2990) {
  orderCounter += 1;
  return kit.book.seed({ outTradeNo: `N${orderCounter}-${provider}`, userId: 'u1', provider, amountFen, providerOrderId: null });
}

const creditsOf = (outTradeNo: string) => kit.book.credits.filter((c) => c.outTradeNo === outTradeNo);

function wechatNotification(outTradeNo: string, options: { total?: number; key?: string; timestampOffset?: number; mchid?: string; id?: string } = {}) {
  const transaction = { mchid: options.mchid ?? WECHAT.mchId, appid: WECHAT.appId, out_trade_no: outTradeNo, transaction_id: `42000${outTradeNo}`, trade_type: 'NATIVE', trade_state: 'SUCCESS', success_time: '2026-11-24T14:00:00+08:00', amount: { total: options.total ?? 2990, payer_total: options.total ?? 2990, currency: 'CNY' } };
  const body = JSON.stringify({ id: options.id ?? crypto.randomUUID(), create_time: '2026-11-24T14:00:01+08:00', resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', resource: { original_type: 'transaction', ...encryptResource(JSON.stringify(transaction), WECHAT.apiV3Key, 'transaction', 'abcdefghijkl') } });
  const timestamp = Math.floor(clock.now().getTime() / 1000) + (options.timestampOffset ?? 0);
  const signature = rsaSha256Sign(`${timestamp}\nnonce-1\n${body}\n`, options.key ?? KEYS.platform.privateKey);
  return { body, headers: { 'content-type': 'application/json', 'wechatpay-timestamp': String(timestamp), 'wechatpay-nonce': 'nonce-1', 'wechatpay-signature': signature, 'wechatpay-serial': 'PUB_KEY_ID_TEST' } };
}

const post = (url: string, n: { body: string; headers: Record<string, string> }) => kit.app.inject({ method: 'POST', url, payload: n.body, headers: n.headers });

describe('WeChat Pay notifications', () => {
  it('settles a correctly signed payment once and answers 204; the same delivery again is refused as a replay', async () => {
    const order = pendingOrder('wechat');
    const notification = wechatNotification(order.outTradeNo);
    const first = await post('/pay/notify/wechat', notification);
    expect(first.statusCode).toBe(204);
    expect(creditsOf(order.outTradeNo)).toEqual([{ provider: 'wechat', outTradeNo: order.outTradeNo, providerTxnId: `42000${order.outTradeNo}`, amountFen: 2990, paidAt: new Date('2026-11-24T06:00:00Z') }]);
    const calls = kit.book.settleCalls;
    const again = await post('/pay/notify/wechat', notification);
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body)).toEqual({ code: 'FAIL', message: 'This notification was already received' });
    expect(kit.book.settleCalls).toBe(calls);
  });

  it('refuses tampered, unsigned, wrongly signed, stale and foreign-merchant notifications without calling settle', async () => {
    const order = pendingOrder('wechat');
    const calls = kit.book.settleCalls;
    const good = wechatNotification(order.outTradeNo);
    const refusals = [
      { ...good, body: good.body.replace('"encrypt-resource"', '"encrypt-resourcf"') },
      { body: good.body, headers: { 'content-type': 'application/json' } },
      wechatNotification(order.outTradeNo, { key: KEYS.stranger.privateKey }),
      wechatNotification(order.outTradeNo, { timestampOffset: -301 }),
      wechatNotification(order.outTradeNo, { mchid: '1900000999' }),
    ];
    const statuses = [];
    for (const n of refusals) statuses.push((await post('/pay/notify/wechat', n)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    expect(kit.book.settleCalls).toBe(calls);
    expect(creditsOf(order.outTradeNo)).toEqual([]);
    expect(kit.book.orders.get(order.outTradeNo)!.status).toBe('pending');
  });

  it('refuses an unknown order and a paid amount that is not the price', async () => {
    const calls = kit.book.settleCalls;
    expect((await post('/pay/notify/wechat', wechatNotification('NO-SUCH-ORDER'))).statusCode).toBe(404);
    const order = pendingOrder('wechat');
    const cheap = await post('/pay/notify/wechat', wechatNotification(order.outTradeNo, { total: 1 }));
    expect(cheap.statusCode).toBe(400);
    expect(JSON.parse(cheap.body).message).toBe('The paid amount does not match the order');
    expect(kit.book.settleCalls).toBe(calls);
    // The refusal did not burn the order: the genuine notification still credits it.
    expect((await post('/pay/notify/wechat', wechatNotification(order.outTradeNo))).statusCode).toBe(204);
    expect(creditsOf(order.outTradeNo)).toHaveLength(1);
  });

  it('a burst of 50 copies of one delivery reaches settle once and credits once', async () => {
    const order = pendingOrder('wechat');
    const notification = wechatNotification(order.outTradeNo);
    const calls = kit.book.settleCalls;
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('/pay/notify/wechat', notification)));
    expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    expect(kit.book.settleCalls - calls).toBe(1);
    expect(creditsOf(order.outTradeNo)).toHaveLength(1);
  });
});

describe('Alipay notifications', () => {
  function alipayNotification(outTradeNo: string, overrides: Record<string, string> = {}, key = KEYS.alipay.privateKey) {
    const fields: Record<string, string> = { notify_time: '2026-11-24 14:00:05', notify_type: 'trade_status_sync', notify_id: crypto.randomUUID(), app_id: ALIPAY_APP_ID, charset: 'utf-8', version: '1.0', trade_no: `2026${outTradeNo}`, out_trade_no: outTradeNo, trade_status: 'TRADE_SUCCESS', total_amount: '29.90', gmt_payment: '2026-11-24 14:00:04', ...overrides };
    const signed = { ...fields, sign_type: 'RSA2', sign: rsa2Sign(signingString(fields, ['sign', 'sign_type']), key) };
    return { body: new URLSearchParams(signed).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
  }

  it('answers success and settles a signed TRADE_SUCCESS once; a replay, a bad signature and a wrong amount answer failure', async () => {
    const order = pendingOrder('alipay');
    const notification = alipayNotification(order.outTradeNo);
    const ok = await post('/pay/notify/alipay', notification);
    expect([ok.statusCode, ok.body]).toEqual([200, 'success']);
    expect(creditsOf(order.outTradeNo)).toMatchObject([{ provider: 'alipay', amountFen: 2990 }]);
    const calls = kit.book.settleCalls;
    const replay = await post('/pay/notify/alipay', notification);
    expect([replay.statusCode, replay.body]).toEqual([409, 'failure']);
    const other = pendingOrder('alipay');
    const forged = await post('/pay/notify/alipay', alipayNotification(other.outTradeNo, {}, KEYS.stranger.privateKey));
    expect([forged.statusCode, forged.body]).toEqual([401, 'failure']);
    const tampered = alipayNotification(other.outTradeNo);
    expect((await post('/pay/notify/alipay', { ...tampered, body: tampered.body.replace('total_amount=29.90', 'total_amount=0.01') })).statusCode).toBe(401);
    expect((await post('/pay/notify/alipay', alipayNotification(other.outTradeNo, { total_amount: '0.01' }))).statusCode).toBe(400);
    expect(kit.book.settleCalls).toBe(calls);
    expect(creditsOf(other.outTradeNo)).toEqual([]);
  });
});

describe('PayPal webhooks', () => {
  function webhook(outTradeNo: string, value = '29.90') {
    const body = JSON.stringify({ id: `WH-${crypto.randomUUID()}`, event_version: '1.0', create_time: clock.now().toISOString(), resource_type: 'capture', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: `CAP-${outTradeNo}`, status: 'COMPLETED', amount: { currency_code: 'CNY', value }, custom_id: outTradeNo, create_time: clock.now().toISOString(), supplementary_data: { related_ids: { order_id: `O-${outTradeNo}` } } } });
    return {
      body,
      headers: { 'content-type': 'application/json', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1', 'paypal-transmission-id': crypto.randomUUID(), 'paypal-transmission-sig': 'c2lnbmF0dXJl', 'paypal-transmission-time': clock.now().toISOString() },
    };
  }

  it('settles a capture PayPal verifies; refuses one it does not, an unsigned one and a wrong amount', async () => {
    const order = pendingOrder('paypal');
    const delivery = webhook(order.outTradeNo);
    expect((await post('/pay/notify/paypal', delivery)).statusCode).toBe(200);
    expect(creditsOf(order.outTradeNo)).toMatchObject([{ provider: 'paypal', providerTxnId: `CAP-${order.outTradeNo}`, amountFen: 2990 }]);
    const calls = kit.book.settleCalls;
    expect((await post('/pay/notify/paypal', delivery)).statusCode).toBe(409);
    const other = pendingOrder('paypal');
    standIn.paypalVerification.status = 'FAILURE';
    try {
      expect((await post('/pay/notify/paypal', webhook(other.outTradeNo))).statusCode).toBe(401);
    } finally {
      standIn.paypalVerification.status = 'SUCCESS';
    }
    expect((await post('/pay/notify/paypal', { body: webhook(other.outTradeNo).body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    expect((await post('/pay/notify/paypal', webhook(other.outTradeNo, '0.01'))).statusCode).toBe(400);
    expect(kit.book.settleCalls).toBe(calls);
    expect(creditsOf(other.outTradeNo)).toEqual([]);
  });
});

describe('without the payments service or vendor settings', () => {
  it('refuses every notification with 503 and calls nothing', async () => {
    const unwired = await vendorTestApp(vendorEnv(standIn), clock, false);
    const bare = await vendorTestApp({}, clock);
    try {
      const n = wechatNotification('X-1');
      expect((await unwired.app.inject({ method: 'POST', url: '/pay/notify/wechat', payload: n.body, headers: n.headers })).statusCode).toBe(503);
      const unconfigured = await bare.app.inject({ method: 'POST', url: '/pay/notify/wechat', payload: n.body, headers: n.headers });
      expect(unconfigured.statusCode).toBe(503);
      expect(JSON.parse(unconfigured.body).message).toBe('WeChat Pay is not configured on this server (set WECHAT_PAY_MCHID)');
      expect(bare.book.settleCalls + unwired.book.settleCalls).toBe(0);
    } finally {
      await unwired.app.close();
      await bare.app.close();
    }
  });
});
