// The real payments service behind the vendor endpoints, on SQLite and PostgreSQL, with
// PAYMENT_PROVIDER=vendors and test credentials pointing at the local vendor stand-in: getQrPay starts
// the order with its vendor, a signed notification or a PayPal capture credits the ledger exactly once
// (also under a burst of 50 copies), another user's PayPal token is refused, and vendors without
// settings answer the translated 'not configured' naming the real setting and write no order.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRecordsTestApp, type RecordsTestApp, type TestUser } from '../../testing/records-test-kit';
import { databaseVariants } from '../../testing/database-variants';
import { loadPaymentVendorConfig } from './providers/vendor-config';
import { ALIPAY_APP_ID, KEYS, startVendorStandIn, vendorEnv, WECHAT } from '../../testing/vendor-test-kit';
import { rsa2Sign, signingString } from './providers/alipay/alipay-signing';
import { encryptResource, rsaSha256Sign } from './providers/wechat/wechat-signing';
import { QUIET_PENDING_CODE } from './order-codes';

const variants = await databaseVariants();
let now = () => new Date();
const standIn = await startVendorStandIn(() => now());
afterAll(() => standIn.close());

const SVIP_MONTH = { packageId: 'svip-month', payPrice: 99, amountFen: 9_900 };

function wechatNotification(at: Date, outTradeNo: string, id = crypto.randomUUID()) {
  const transaction = { mchid: WECHAT.mchId, appid: WECHAT.appId, out_trade_no: outTradeNo, transaction_id: `4200${outTradeNo}`, trade_type: 'NATIVE', trade_state: 'SUCCESS', success_time: at.toISOString(), amount: { total: SVIP_MONTH.amountFen, payer_total: SVIP_MONTH.amountFen, currency: 'CNY' } };
  const body = JSON.stringify({ id, create_time: at.toISOString(), resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', resource: { original_type: 'transaction', ...encryptResource(JSON.stringify(transaction), WECHAT.apiV3Key, 'transaction', 'abcdefghijkl') } });
  const timestamp = Math.floor(at.getTime() / 1000);
  const nonce = crypto.randomBytes(6).toString('hex');
  return { body, headers: { 'content-type': 'application/json', 'wechatpay-timestamp': String(timestamp), 'wechatpay-nonce': nonce, 'wechatpay-signature': rsaSha256Sign(`${timestamp}\n${nonce}\n${body}\n`, KEYS.platform.privateKey), 'wechatpay-serial': 'PUB_KEY_ID_TEST' } };
}

function alipayNotification(at: Date, outTradeNo: string) {
  const beijing = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const fields: Record<string, string> = { notify_time: beijing, notify_type: 'trade_status_sync', notify_id: crypto.randomUUID(), app_id: ALIPAY_APP_ID, charset: 'utf-8', version: '1.0', trade_no: `2025${outTradeNo}`, out_trade_no: outTradeNo, trade_status: 'TRADE_SUCCESS', total_amount: '99.00', gmt_payment: beijing };
  const signed = { ...fields, sign_type: 'RSA2', sign: rsa2Sign(signingString(fields, ['sign', 'sign_type']), KEYS.alipay.privateKey) };
  return { body: new URLSearchParams(signed).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
}

describe.each(variants)('vendor payments wired to the payments service on $name', (variant) => {
  const kit = useRecordsTestApp(variant, { paymentProvider: 'vendors', paymentVendors: loadPaymentVendorConfig(vendorEnv(standIn)), paymentOrderMinutes: 15 });
  const bare = useRecordsTestApp(variant, { paymentProvider: 'vendors', paymentVendors: loadPaymentVendorConfig({}) });
  beforeAll(() => {
    now = () => kit.clock.now();
  });

  const order = (app: RecordsTestApp, who: TestUser, payType: string, lang?: string) =>
    app.post('/expense/pay/getQrPay', who, { source: 1, packageId: SVIP_MONTH.packageId, payPrice: SVIP_MONTH.payPrice, payType, goodsName: 'x', description: 'y' }, lang);
  const status = (who: TestUser, outTradeNo: string) => kit.post(`/expense/pay/getPayRechargeStatus/${outTradeNo}`, who, undefined);
  const row = (outTradeNo: string) => kit.app.db.selectFrom('payment_orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();
  const purchasesOf = (who: TestUser) => kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).where('kind', '=', 'purchase').execute();
  const notify = (vendor: string, n: { body: string; headers: Record<string, string> }) => kit.app.inject({ method: 'POST', url: `/pay/notify/${vendor}`, payload: n.body, headers: n.headers });
  const payBack = (who: TestUser, token: string) => kit.post(`/expense/pay/paypalPayBack?token=${encodeURIComponent(token)}&PayerID=PAYER1`, who, undefined);

  describe.skipIf(variant.skipReason)('', () => {
    it('WeChat Native: getQrPay answers the weixin:// code_url; a signed notification credits once; the poll answers paid', async () => {
      const who = await kit.signUp('wechat-payer');
      const made = await order(kit, who, 'wxV3Pay');
      expect(made).toMatchObject({ code: 200, data: { weChatQRCode: 'weixin://wxpay/bizpayurl?pr=TEST', aliPayQRCode: null, payPalPayHtml: null } });
      const { outTradeNo } = made.data;
      expect(await row(outTradeNo)).toMatchObject({ user_id: who.user.id, provider: 'wechat', pay_type: 'wxV3Pay', amount_fen: SVIP_MONTH.amountFen, status: 'pending' });
      const sent = standIn.requests.filter((r) => r.url === '/v3/pay/transactions/native').map((r) => JSON.parse(r.body)).find((b) => b.out_trade_no === outTradeNo);
      expect(sent).toMatchObject({ mchid: WECHAT.mchId, amount: { total: SVIP_MONTH.amountFen, currency: 'CNY' } });
      expect(sent.notify_url).toMatch(/\/pay\/notify\/wechat$/);

      // Unpaid: the poll asks WeChat (NOTPAY) and answers the quiet pending code.
      expect((await status(who, outTradeNo)).code).toBe(QUIET_PENDING_CODE);
      expect(await purchasesOf(who)).toEqual([]);

      expect((await notify('wechat', wechatNotification(kit.clock.now(), outTradeNo))).statusCode).toBe(204);
      const purchases = await purchasesOf(who);
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({ source_key: `order:${outTradeNo}`, package_id: SVIP_MONTH.packageId });
      expect(await row(outTradeNo)).toMatchObject({ status: 'paid', provider_txn_id: `4200${outTradeNo}` });
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { outTradeNo, status: 'paid' } });
    });

    it('50 concurrent copies of a WeChat notification (same delivery and vendor retries) credit once', async () => {
      const who = await kit.signUp('wechat-burst');
      const { outTradeNo } = (await order(kit, who, 'wxV3Pay')).data;
      const at = kit.clock.now();
      const same = wechatNotification(at, outTradeNo);
      // Copies of one delivery meet the replay guard; retries with their own ids reach settle() together.
      const deliveries = [...Array.from({ length: 25 }, () => same), ...Array.from({ length: 25 }, () => wechatNotification(at, outTradeNo))];
      const answers = await Promise.all(deliveries.map((n) => notify('wechat', n)));
      // 24 replays refused; the first copy and the 25 retries acknowledged (one credited, the rest already credited).
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(24);
      expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(26);
      expect(await purchasesOf(who)).toHaveLength(1);
      expect(await row(outTradeNo)).toMatchObject({ status: 'paid' });
    });

    it('PayPal: getQrPay answers the approval link and keeps the PayPal order id; payBack captures once; another user is refused', async () => {
      const who = await kit.signUp('paypal-payer');
      const stranger = await kit.signUp('paypal-stranger');
      const made = await order(kit, who, 'paypalV2Pay');
      expect(made.code).toBe(200);
      const { outTradeNo, payPalPayHtml } = made.data;
      const token = new URL(payPalPayHtml).searchParams.get('token')!;
      expect(payPalPayHtml).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${token}`);
      expect(await row(outTradeNo)).toMatchObject({ provider: 'paypal', pay_type: 'paypalV2Pay', provider_order_id: token, status: 'pending' });
      expect(standIn.paypalOrders.get(token)).toEqual({ outTradeNo, value: '99.00', captured: false });
      const created = standIn.requests.filter((r) => r.url === '/v2/checkout/orders').map((r) => JSON.parse(r.body)).find((b) => b.purchase_units[0].custom_id === outTradeNo);
      expect(created.payment_source.paypal.experience_context.return_url).toMatch(/\/paypalReturn$/);
      expect((await status(who, outTradeNo)).code).toBe(QUIET_PENDING_CODE);

      // Another user's token answers like an unknown one: nothing captured, nothing credited.
      expect(await payBack(stranger, token)).toMatchObject({ code: 404, msg: 'There is no such PayPal payment in your account' });
      expect(standIn.paypalOrders.get(token)!.captured).toBe(false);
      expect(await purchasesOf(stranger)).toEqual([]);

      expect(await payBack(who, token)).toMatchObject({ code: 200, data: { outTradeNo, status: 'paid' } });
      expect(standIn.paypalOrders.get(token)!.captured).toBe(true);
      expect(await row(outTradeNo)).toMatchObject({ status: 'paid', provider_txn_id: `CAP-${token}` });
      const calls = standIn.requests.length;
      expect(await payBack(who, token)).toMatchObject({ code: 200, data: { status: 'paid' } });
      expect(standIn.requests.length).toBe(calls);
      // PayPal's webhook then reports the same capture: acknowledged, nothing more credited.
      const at = kit.clock.now().toISOString();
      const event = JSON.stringify({ id: `WH-${crypto.randomUUID()}`, event_version: '1.0', create_time: at, resource_type: 'capture', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: `CAP-${token}`, status: 'COMPLETED', amount: { currency_code: 'CNY', value: '99.00' }, custom_id: outTradeNo, create_time: at, supplementary_data: { related_ids: { order_id: token } } } });
      const headers = { 'content-type': 'application/json', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1', 'paypal-transmission-id': crypto.randomUUID(), 'paypal-transmission-sig': 'c2lnbmF0dXJl', 'paypal-transmission-time': at };
      expect((await notify('paypal', { body: event, headers })).statusCode).toBe(200);
      expect(await purchasesOf(who)).toHaveLength(1);
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { status: 'paid' } });
    });

    it('Alipay: getQrPay answers the precreate qr_code; a signed notification credits once, a second one nothing', async () => {
      const who = await kit.signUp('alipay-payer');
      const made = await order(kit, who, 'aliPay');
      expect(made).toMatchObject({ code: 200, data: { aliPayQRCode: 'https://qr.alipay.com/TEST', weChatQRCode: null } });
      const { outTradeNo } = made.data;
      expect(await row(outTradeNo)).toMatchObject({ provider: 'alipay', pay_type: 'aliPay', status: 'pending' });
      expect((await status(who, outTradeNo)).code).toBe(QUIET_PENDING_CODE);
      const first = await notify('alipay', alipayNotification(kit.clock.now(), outTradeNo));
      expect([first.statusCode, first.body]).toEqual([200, 'success']);
      // Alipay retries with a new notify_id: acknowledged, nothing more credited.
      const again = await notify('alipay', alipayNotification(kit.clock.now(), outTradeNo));
      expect([again.statusCode, again.body]).toEqual([200, 'success']);
      expect(await purchasesOf(who)).toHaveLength(1);
      expect(await row(outTradeNo)).toMatchObject({ status: 'paid', provider_txn_id: `2025${outTradeNo}` });
      expect(await status(who, outTradeNo)).toMatchObject({ code: 200, data: { status: 'paid' } });
    });

    it('the in-app and mobile variants open real orders at the catalogue price, close one WeChat refuses, and refuse a forged price', async () => {
      const who = await kit.signUp('in-app');
      const ordersOf = () => kit.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', who.user.id).orderBy('created_at').execute();
      const jsapi = await kit.post('/expense/pay/getJsApiPay', who, { packageId: SVIP_MONTH.packageId, payPrice: SVIP_MONTH.payPrice, openid: 'OPENID-42', source: 2 });
      expect(jsapi.code).toBe(200);
      expect(jsapi.data.package).toMatch(/^prepay_id=wx\d+$/);
      expect(await row(jsapi.data.outTradeNo)).toMatchObject({ user_id: who.user.id, provider: 'wechat', pay_type: 'wxV3Pay', source: 2, amount_fen: SVIP_MONTH.amountFen, status: 'pending' });
      const sent = JSON.parse(standIn.requests.filter((r) => r.url === '/v3/pay/transactions/jsapi').at(-1)!.body);
      expect(sent).toMatchObject({ out_trade_no: jsapi.data.outTradeNo, amount: { total: SVIP_MONTH.amountFen }, payer: { openid: 'OPENID-42' } });

      const h5 = await kit.post('/expense/pay/getAliH5Pay', who, { packageId: SVIP_MONTH.packageId, payPrice: SVIP_MONTH.payPrice, returnUrl: '/user/account' });
      expect(h5.code).toBe(200);
      expect(h5.data.payHtml).toContain('alipay.trade.wap.pay');
      expect(await row(h5.data.outTradeNo)).toMatchObject({ provider: 'alipay', pay_type: 'aliPay', source: 1, status: 'pending' });

      const refused = await kit.post('/expense/pay/getJsApiPay', who, { packageId: SVIP_MONTH.packageId, payPrice: SVIP_MONTH.payPrice, openid: 'REFUSED-OPENID' });
      expect(refused.code).toBe(502);
      expect((await ordersOf()).at(-1)).toMatchObject({ provider: 'wechat', status: 'closed' });

      const before = await ordersOf();
      expect(await kit.post('/expense/pay/getJsApiPay', who, { packageId: SVIP_MONTH.packageId, payPrice: 0.01, openid: 'OPENID-42' })).toMatchObject({ code: 400, msg: 'The price has changed to ¥99.00. Please reopen the purchase dialog and try again' });
      expect(await ordersOf()).toEqual(before);
    });

    it('vendors without settings answer the translated not configured naming the setting, and write no order', async () => {
      const who = await bare.signUp('no-vendor');
      const counts = async () => ({
        orders: (await bare.app.db.selectFrom('payment_orders').select('out_trade_no').execute()).length,
        ledger: (await bare.app.db.selectFrom('ledger_entries').select('id').execute()).length,
      });
      const before = await counts();
      expect(await order(bare, who, 'wxV3Pay')).toMatchObject({ code: 503, msg: 'WeChat Pay is not configured on this server (set WECHAT_PAY_MCHID)' });
      expect(await order(bare, who, 'aliPay', 'zh-CN')).toMatchObject({ code: 503, msg: '此服务器未配置支付宝（请设置 ALIPAY_APP_ID）' });
      expect(await order(bare, who, 'paypalV2Pay', 'zh-TW')).toMatchObject({ code: 503, msg: '此伺服器未配置PayPal（請設定 PAYPAL_CLIENT_ID）' });
      expect(await counts()).toEqual(before);
      expect(before.orders).toBe(0);
    });
  });
});
