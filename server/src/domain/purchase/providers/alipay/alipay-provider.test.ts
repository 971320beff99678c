// Alipay against a local gateway stand-in that checks each request as Alipay documents it (common
// parameters, RSA2 signature over the sorted k=v string with the app key, biz_content fields, yuan
// amounts) and answers signed with the Alipay key; and the asynchronous notification checks.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalVendorServer, type LocalVendorServer, type RecordedRequest, type VendorAnswer } from '../../../../testing/local-vendor-server';
import { loadPaymentVendorConfig } from '../vendor-config';
import { AlipayProvider } from './alipay-provider';
import { rsa2Sign, rsa2Verify, signingString } from './alipay-signing';

const pem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const app = pem();
const alipay = pem();
const stranger = pem();
const APP_ID = '2021000000000001';
const NOW = new Date('2026-11-24T06:00:00Z'); // 14:00:00 in Beijing

let gateway: LocalVendorServer;
let nextAnswer: (request: RecordedRequest, params: Record<string, string>) => VendorAnswer;

/** Alipay's answer: `{"<method>_response":{…},"sign":"…"}` with the sign over the member's raw text. */
function signedAnswer(method: string, member: object, key = alipay.privateKey): VendorAnswer {
  const raw = JSON.stringify(member);
  return { body: `{"${method.replace(/\./g, '_')}_response":${raw},"sign":"${rsa2Sign(raw, key)}"}` };
}

function provider(overrides: Record<string, string> = {}) {
  // The app key given as bare base64, as Alipay's console shows it.
  const bare = app.privateKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return new AlipayProvider(loadPaymentVendorConfig({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: bare, ALIPAY_PUBLIC_KEY: alipay.publicKey, ALIPAY_GATEWAY: `${gateway.url}/gateway.do`, ...overrides }).alipay, () => NOW);
}

const order = () => ({
  outTradeNo: `A${Date.now()}${Math.floor(Math.random() * 1000)}`,
  amountFen: 2990,
  goodsName: 'SVIP month',
  description: 'SVIP membership, 1 month',
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  publicBaseUrl: 'https://parley.example/',
});

/** What the gateway checks: common parameters, then the RSA2 signature with the app's public key. */
function expectSignedRequest(request: RecordedRequest, method: string): Record<string, string> {
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/gateway.do?charset=utf-8');
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=utf-8');
  const params = Object.fromEntries(new URLSearchParams(request.body));
  expect(params).toMatchObject({ app_id: APP_ID, method, format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', timestamp: '2026-11-24 14:00:00', version: '1.0' });
  expect(rsa2Verify(signingString(params), params.sign!, app.publicKey)).toBe(true);
  return params;
}

beforeAll(async () => {
  gateway = await startLocalVendorServer((request) => nextAnswer(request, Object.fromEntries(new URLSearchParams(request.body))));
});
afterAll(() => gateway.close());

describe('Alipay precreate and query', () => {
  it('precreates with a signed request and answers qr_code as the QR', async () => {
    const request = order();
    nextAnswer = (_r, params) => signedAnswer('alipay.trade.precreate', { code: '10000', msg: 'Success', out_trade_no: JSON.parse(params.biz_content!).out_trade_no, qr_code: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7' });
    expect(await provider().start(request)).toEqual({ aliPayQRCode: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7' });
    const params = expectSignedRequest(gateway.requests.at(-1)!, 'alipay.trade.precreate');
    expect(params.notify_url).toBe('https://parley.example/pay/notify/alipay');
    expect(JSON.parse(params.biz_content!)).toEqual({ out_trade_no: request.outTradeNo, total_amount: '29.90', subject: 'SVIP month', body: 'SVIP membership, 1 month', time_expire: '2026-11-24 14:30:00' });
  });

  it('refuses an answer not signed by the Alipay key, and reports a business error', async () => {
    const request = order();
    nextAnswer = () => signedAnswer('alipay.trade.precreate', { code: '10000', msg: 'Success', out_trade_no: request.outTradeNo, qr_code: 'https://qr.alipay.com/forged' }, stranger.privateKey);
    await expect(provider().start(request)).rejects.toMatchObject({ messageKey: 'billing:providers.vendorUnverified' });
    nextAnswer = () => signedAnswer('alipay.trade.precreate', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TOTAL_FEE_EXCEED', sub_msg: 'amount too large' });
    await expect(provider().start(request)).rejects.toMatchObject({ messageKey: 'billing:providers.vendorFailed', params: { detail: '40004 ACQ.TOTAL_FEE_EXCEED amount too large' } });
  });

  it('queries a trade: unknown or waiting is unpaid, TRADE_SUCCESS confirms the amount in fen', async () => {
    const { outTradeNo } = order();
    nextAnswer = () => signedAnswer('alipay.trade.query', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    expect(await provider().query(outTradeNo)).toBeNull();
    expect(JSON.parse(expectSignedRequest(gateway.requests.at(-1)!, 'alipay.trade.query').biz_content!)).toEqual({ out_trade_no: outTradeNo });
    nextAnswer = () => signedAnswer('alipay.trade.query', { code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: '2026112422001', trade_status: 'WAIT_BUYER_PAY', total_amount: '29.90' });
    expect(await provider().query(outTradeNo)).toBeNull();
    nextAnswer = () => signedAnswer('alipay.trade.query', { code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: '2026112422001', trade_status: 'TRADE_SUCCESS', total_amount: '29.90', send_pay_date: '2026-11-24 14:01:00' });
    expect(await provider().query(outTradeNo)).toEqual({ provider: 'alipay', outTradeNo, providerTxnId: '2026112422001', amountFen: 2990, paidAt: new Date('2026-11-24T06:01:00Z') });
  });

  it('builds the wap.pay page: a self-submitting form of signed parameters for the gateway', () => {
    const request = order();
    const html = provider().wapPayHtml(request, 'https://parley.example/pay/done?x=1&y=2');
    expect(html).toContain(`action="${gateway.url}/gateway.do?charset=utf-8"`);
    const fields = Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
    expect(fields).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: 'https://parley.example/pay/done?x=1&y=2', notify_url: 'https://parley.example/pay/notify/alipay' });
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: request.outTradeNo, total_amount: '29.90', product_code: 'QUICK_WAP_WAY' });
    expect(rsa2Verify(signingString(fields), fields.sign!, app.publicKey)).toBe(true);
  });
});

describe('Alipay asynchronous notifications', () => {
  function notification(overrides: Record<string, string> = {}, key = alipay.privateKey) {
    const fields: Record<string, string> = {
      notify_time: '2026-11-24 14:00:05',
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replace(/-/g, ''),
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: '2026112422002',
      out_trade_no: 'A-NOTIFY-1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '29.90',
      receipt_amount: '29.90',
      gmt_payment: '2026-11-24 14:00:04',
      subject: 'SVIP month 会员',
      ...overrides,
    };
    return { ...fields, sign_type: 'RSA2', sign: rsa2Sign(signingString(fields, ['sign', 'sign_type']), key) };
  }

  it('accepts a correctly signed TRADE_SUCCESS and converts yuan to fen', () => {
    expect(provider().verifyNotification(notification())).toMatchObject({ ok: true, confirmation: { provider: 'alipay', outTradeNo: 'A-NOTIFY-1', providerTxnId: '2026112422002', amountFen: 2990, paidAt: new Date('2026-11-24T06:00:04Z') } });
    expect(provider().verifyNotification(notification({ trade_status: 'TRADE_FINISHED', total_amount: '0.01' }))).toMatchObject({ ok: true, confirmation: { amountFen: 1 } });
  });

  it('refuses a tampered amount, a wrong key, a stale notify_time, no sign, another app and an unpaid status', () => {
    const alipayProvider = provider();
    expect(alipayProvider.verifyNotification({ ...notification(), total_amount: '2990.00' })).toEqual({ ok: false, problem: 'badSignature' });
    expect(alipayProvider.verifyNotification(notification({}, stranger.privateKey))).toEqual({ ok: false, problem: 'badSignature' });
    expect(alipayProvider.verifyNotification(notification({ notify_time: '2026-11-23 11:59:59' }))).toEqual({ ok: false, problem: 'stale' });
    const { sign: _sign, ...unsigned } = notification();
    expect(alipayProvider.verifyNotification(unsigned)).toEqual({ ok: false, problem: 'unsigned' });
    expect(alipayProvider.verifyNotification(notification({ app_id: '2021000000009999' }))).toEqual({ ok: false, problem: 'foreignApp' });
    expect(alipayProvider.verifyNotification(notification({ trade_status: 'WAIT_BUYER_PAY' }))).toEqual({ ok: false, problem: 'ignored' });
  });
});

describe('Alipay without settings', () => {
  it('answers not configured naming the missing setting, without calling the gateway', async () => {
    const before = gateway.requests.length;
    const bare = new AlipayProvider(loadPaymentVendorConfig({ ALIPAY_APP_ID: APP_ID }).alipay);
    expect(bare.configured).toBe(false);
    await expect(bare.start(order())).rejects.toMatchObject({ code: 503, messageKey: 'billing:providers.notConfigured', params: { vendor: 'Alipay', setting: 'ALIPAY_PRIVATE_KEY' } });
    expect(gateway.requests.length).toBe(before);
  });
});
