// The vendor handlers end to end through the app: PayPal return (capture → settle), WeChat JSAPI and
// openid, Alipay's mobile page, each against the local vendor stand-in; without settings each answers a
// translated 'not configured' naming the setting; another user's order is unreachable; refusals credit nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaSha256Verify } from '../domain/purchase/providers/wechat/wechat-signing';
import { rsa2Verify, signingString } from '../domain/purchase/providers/alipay/alipay-signing';
import { KEYS, PACKAGE, startVendorStandIn, vendorEnv, vendorTestApp, type VendorStandIn, type VendorTestApp } from '../testing/vendor-test-kit';
import { call, ManualClock } from '../testing/inject';

const clock = new ManualClock(Date.parse('2026-11-24T06:00:00Z'));
let standIn: VendorStandIn;
let kit: VendorTestApp;

beforeAll(async () => {
  standIn = await startVendorStandIn(() => clock.now());
  kit = await vendorTestApp(vendorEnv(standIn), clock);
});
afterAll(async () => {
  await kit.app.close();
  await standIn.close();
});

const payBack = (token: string, who: { token: string }, lang?: string) => call(kit.app, 'POST', `/expense/pay/paypalPayBack?token=${encodeURIComponent(token)}&PayerID=PAYER1`, { token: who.token, lang });

describe('paypalPayBack', () => {
  it('captures the payer’s own approved order, settles it once, and answers paid', async () => {
    const payer = await kit.signUp();
    kit.book.seed({ outTradeNo: 'PP-OWN-1', userId: payer.user.id, provider: 'paypal', amountFen: 2990, providerOrderId: 'ORDER-OWN-1' });
    standIn.paypalOrders.set('ORDER-OWN-1', { outTradeNo: 'PP-OWN-1', value: '29.90', captured: false });
    const answer = await payBack('ORDER-OWN-1', payer);
    expect(answer).toMatchObject({ code: 200, data: { outTradeNo: 'PP-OWN-1', status: 'paid' } });
    expect(kit.book.credits.filter((c) => c.outTradeNo === 'PP-OWN-1')).toEqual([{ provider: 'paypal', outTradeNo: 'PP-OWN-1', providerTxnId: 'CAP-ORDER-OWN-1', amountFen: 2990, paidAt: clock.now() }]);
    // The return page reloaded: answered from the order, nothing captured or credited again.
    const calls = standIn.requests.length;
    expect(await payBack('ORDER-OWN-1', payer)).toMatchObject({ code: 200, data: { status: 'paid' } });
    expect(standIn.requests.length).toBe(calls);
    expect(kit.book.credits.filter((c) => c.outTradeNo === 'PP-OWN-1')).toHaveLength(1);
  });

  it('refuses another user’s order and an unknown one alike, capturing nothing', async () => {
    const owner = await kit.signUp();
    const other = await kit.signUp();
    kit.book.seed({ outTradeNo: 'PP-OTHER-1', userId: owner.user.id, provider: 'paypal', amountFen: 2990, providerOrderId: 'ORDER-OTHER-1' });
    standIn.paypalOrders.set('ORDER-OTHER-1', { outTradeNo: 'PP-OTHER-1', value: '29.90', captured: false });
    const foreign = await payBack('ORDER-OTHER-1', other);
    const unknown = await payBack('ORDER-NOBODY', other);
    expect(foreign).toMatchObject({ code: 404, msg: 'There is no such PayPal payment in your account' });
    expect(unknown).toMatchObject({ code: 404, msg: foreign.msg });
    expect((await payBack('ORDER-NOBODY', other, 'zh-CN')).msg).toBe('您的账户中没有这笔 PayPal 付款');
    expect(standIn.paypalOrders.get('ORDER-OTHER-1')!.captured).toBe(false);
    expect(kit.book.orders.get('PP-OTHER-1')!.status).toBe('pending');
  });

  it('refuses a capture whose amount does not match the order, crediting nothing', async () => {
    const payer = await kit.signUp();
    kit.book.seed({ outTradeNo: 'PP-CHEAP-1', userId: payer.user.id, provider: 'paypal', amountFen: 2990, providerOrderId: 'ORDER-CHEAP-1' });
    standIn.paypalOrders.set('ORDER-CHEAP-1', { outTradeNo: 'PP-CHEAP-1', value: '0.01', captured: false });
    expect(await payBack('ORDER-CHEAP-1', payer)).toMatchObject({ code: 400, msg: 'The amount PayPal collected does not match the order, so nothing was credited' });
    expect(kit.book.credits.filter((c) => c.outTradeNo === 'PP-CHEAP-1')).toEqual([]);
  });

  it('refuses a closed order without capturing it, and a PayPal order PayPal does not know', async () => {
    const payer = await kit.signUp();
    kit.book.seed({ outTradeNo: 'PP-CLOSED-1', userId: payer.user.id, provider: 'paypal', amountFen: 2990, providerOrderId: 'ORDER-CLOSED-1', status: 'closed' });
    standIn.paypalOrders.set('ORDER-CLOSED-1', { outTradeNo: 'PP-CLOSED-1', value: '29.90', captured: false });
    expect(await payBack('ORDER-CLOSED-1', payer)).toMatchObject({ code: 400, msg: 'This order is closed; please place a new one' });
    expect(standIn.paypalOrders.get('ORDER-CLOSED-1')!.captured).toBe(false);
    kit.book.seed({ outTradeNo: 'PP-GONE-1', userId: payer.user.id, provider: 'paypal', amountFen: 2990, providerOrderId: 'ORDER-GONE-1' });
    expect(await payBack('ORDER-GONE-1', payer)).toMatchObject({ code: 400, msg: 'PayPal does not know this payment' });
    expect(kit.book.credits.filter((c) => c.outTradeNo.startsWith('PP-CLOSED') || c.outTradeNo.startsWith('PP-GONE'))).toEqual([]);
  });
});

describe('WeChat in-app payment', () => {
  it('opens an order and answers WeixinJSBridge parameters signed with the merchant key', async () => {
    const payer = await kit.signUp();
    const answer = await call(kit.app, 'POST', '/expense/pay/getJsApiPay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, openid: 'OPENID-42', source: 1 } });
    expect(answer.code).toBe(200);
    const { outTradeNo, appId, timeStamp, nonceStr, package: prepay, signType, paySign } = answer.data;
    expect(kit.book.orders.get(outTradeNo)).toMatchObject({ userId: payer.user.id, provider: 'wechat', amountFen: 2990 });
    expect(appId).toBe('wxd678efh567hg6787');
    expect(prepay).toMatch(/^prepay_id=wx\d+$/);
    expect(signType).toBe('RSA');
    expect(rsaSha256Verify(`${appId}\n${timeStamp}\n${nonceStr}\n${prepay}\n`, paySign, KEYS.merchant.publicKey)).toBe(true);
    expect(JSON.parse(standIn.requests.at(-1)!.body)).toMatchObject({ out_trade_no: outTradeNo, payer: { openid: 'OPENID-42' }, amount: { total: 2990 } });
  });

  it('closes the order when WeChat refuses to start it, and passes the refusal on', async () => {
    const payer = await kit.signUp();
    const answer = await call(kit.app, 'POST', '/expense/pay/getJsApiPay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, openid: 'REFUSED-OPENID' } });
    expect(answer).toMatchObject({ code: 502, msg: 'WeChat Pay could not complete the request: 400 PARAM_ERROR openid mismatch' });
    const mine = [...kit.book.orders.values()].filter((o) => o.userId === payer.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.status).toBe('closed');
  });

  it('a forged price is refused by the order book and nothing reaches WeChat', async () => {
    const payer = await kit.signUp();
    const calls = standIn.requests.length;
    const orders = kit.book.orders.size;
    expect((await call(kit.app, 'POST', '/expense/pay/getJsApiPay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 0.01, openid: 'OPENID-42' } })).code).toBe(400);
    expect(standIn.requests.length).toBe(calls);
    expect(kit.book.orders.size).toBe(orders);
  });

  it('tells the pay page which official account to ask for the oauth2 code (public), and nothing when unset', async () => {
    expect(await call(kit.app, 'GET', '/system/config/configKey/WEICHAT_MP_APP_ID')).toMatchObject({ code: 200, data: 'wxd678efh567hg6787' });
    const bare = await vendorTestApp({}, clock);
    try {
      expect(await call(bare.app, 'GET', '/system/config/configKey/WEICHAT_MP_APP_ID')).toMatchObject({ code: 200, data: null });
    } finally {
      await bare.app.close();
    }
  });

  it('exchanges an oauth2 code for the openid', async () => {
    const payer = await kit.signUp();
    expect(await call(kit.app, 'GET', '/expense/pay/getOpenId?code=GOOD-CODE', { token: payer.token })).toMatchObject({ code: 200, data: { openid: 'OPENID-42' } });
    expect((await call(kit.app, 'GET', '/expense/pay/getOpenId?code=BAD', { token: payer.token })).code).toBe(502);
  });
});

describe('Alipay mobile page', () => {
  it('opens an order and answers the signed wap.pay form', async () => {
    const payer = await kit.signUp();
    const answer = await call(kit.app, 'POST', '/expense/pay/getAliH5Pay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, returnUrl: '/user/account' } });
    expect(answer.code).toBe(200);
    expect(kit.book.orders.get(answer.data.outTradeNo)).toMatchObject({ userId: payer.user.id, provider: 'alipay' });
    const fields = Object.fromEntries([...String(answer.data.payHtml).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
    expect(fields).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: 'https://parley.example/user/account' });
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: answer.data.outTradeNo, total_amount: '29.90' });
    expect(rsa2Verify(signingString(fields), fields.sign!, KEYS.alipayApp.publicKey)).toBe(true);
  });

  it('refuses a return address on another site before any order exists', async () => {
    const payer = await kit.signUp();
    const orders = kit.book.orders.size;
    for (const returnUrl of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)']) {
      expect(await call(kit.app, 'POST', '/expense/pay/getAliH5Pay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, returnUrl } })).toMatchObject({ code: 400, msg: 'The return address must be a page of this site' });
    }
    expect(kit.book.orders.size).toBe(orders);
  });
});

describe('without vendor settings', () => {
  let bare: VendorTestApp;
  beforeAll(async () => {
    bare = await vendorTestApp({}, clock);
  });
  afterAll(() => bare.app.close());

  it('each call answers a translated not configured naming the setting, and opens no order', async () => {
    const payer = await bare.signUp();
    const jsapi = await call(bare.app, 'POST', '/expense/pay/getJsApiPay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, openid: 'o' } });
    expect(jsapi).toMatchObject({ code: 503, msg: 'WeChat Pay is not configured on this server (set WECHAT_PAY_MCHID)' });
    const h5 = await call(bare.app, 'POST', '/expense/pay/getAliH5Pay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9 }, lang: 'zh-CN' });
    expect(h5).toMatchObject({ code: 503, msg: '此服务器未配置支付宝（请设置 ALIPAY_APP_ID）' });
    expect(await call(bare.app, 'POST', '/expense/pay/paypalPayBack?token=T', { token: payer.token, lang: 'zh-TW' })).toMatchObject({ code: 503, msg: '此伺服器未配置PayPal（請設定 PAYPAL_CLIENT_ID）' });
    expect(await call(bare.app, 'GET', '/expense/pay/getOpenId?code=c', { token: payer.token })).toMatchObject({ code: 503, msg: 'WeChat Pay is not configured on this server (set WECHAT_PAY_APPID)' });
    expect(bare.book.orders.size).toBe(0);
  });

  it('a configured vendor without the payments service wired answers 503, not a crash', async () => {
    const unwired = await vendorTestApp(vendorEnv(standIn), clock, false);
    try {
      const payer = await unwired.signUp();
      expect(await call(unwired.app, 'POST', '/expense/pay/getJsApiPay', { token: payer.token, body: { packageId: PACKAGE.id, payPrice: 29.9, openid: 'o' } })).toMatchObject({ code: 503, msg: 'Payments are not available on this server yet' });
    } finally {
      await unwired.app.close();
    }
  });

  it('signed-out callers are refused', async () => {
    expect((await call(bare.app, 'POST', '/expense/pay/paypalPayBack?token=T')).status).toBe(401);
  });
});
