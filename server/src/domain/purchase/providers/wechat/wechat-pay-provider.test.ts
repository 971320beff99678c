// WeChat Pay v3 against a local stand-in that checks each request as WeChat documents it (Authorization
// schema and fields, merchant signature over METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n, required fields,
// amount in fen) and answers signed with a platform key, plus the notification checks.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../errors';
import { startLocalVendorServer, type LocalVendorServer, type RecordedRequest, type VendorAnswer } from '../../../../testing/local-vendor-server';
import { loadPaymentVendorConfig } from '../vendor-config';
import { WeChatPayProvider } from './wechat-pay-provider';
import { encryptResource, parseAuthorization, rsaSha256Sign, rsaSha256Verify } from './wechat-signing';

const pem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const merchant = pem();
const platform = pem();
const stranger = pem();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'; // 32 bytes, as WeChat requires
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const NOW = new Date('2026-11-24T06:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

let vendor: LocalVendorServer;
let nextAnswer: (request: RecordedRequest) => VendorAnswer;

/** Signs an answer body as the WeChat platform does (headers Wechatpay-*). */
function platformSigned(body: object, key = platform.privateKey, timestamp = nowSeconds): VendorAnswer {
  const text = JSON.stringify(body);
  const nonceStr = crypto.randomBytes(8).toString('hex');
  return {
    body: text,
    headers: { 'Wechatpay-Timestamp': String(timestamp), 'Wechatpay-Nonce': nonceStr, 'Wechatpay-Signature': rsaSha256Sign(`${timestamp}\n${nonceStr}\n${text}\n`, key), 'Wechatpay-Serial': 'PUB_KEY_ID_TEST' },
  };
}

/** What WeChat checks on every request: the schema, the fields, and the merchant signature. */
function expectSignedByMerchant(request: RecordedRequest) {
  const auth = parseAuthorization(request.headers.authorization);
  expect(auth).not.toBeNull();
  expect(auth).toMatchObject({ mchid: MCHID, serial_no: 'MERCHANT-SERIAL' });
  expect(Math.abs(Number(auth!.timestamp) - nowSeconds)).toBeLessThanOrEqual(1);
  const message = `${request.method}\n${request.url}\n${auth!.timestamp}\n${auth!.nonce_str}\n${request.body}\n`;
  expect(rsaSha256Verify(message, auth!.signature!, merchant.publicKey)).toBe(true);
}

function provider(overrides: Record<string, string> = {}) {
  const config = loadPaymentVendorConfig({
    WECHAT_PAY_MCHID: MCHID,
    WECHAT_PAY_APPID: APPID,
    WECHAT_PAY_SERIAL: 'MERCHANT-SERIAL',
    WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
    WECHAT_PAY_PLATFORM_CERT: platform.publicKey,
    WECHAT_PAY_API_V3_KEY: API_V3_KEY,
    WECHAT_PAY_API_URL: vendor.url,
    WECHAT_MP_APP_SECRET: 'mp-secret',
    WECHAT_OAUTH_API_URL: vendor.url,
    ...overrides,
  });
  return new WeChatPayProvider(config.wechat, () => NOW);
}

const order = () => ({
  outTradeNo: `P${Date.now()}${Math.floor(Math.random() * 1000)}`,
  amountFen: 2990,
  goodsName: 'SVIP month',
  description: 'SVIP membership, 1 month',
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  publicBaseUrl: 'https://parley.example',
});

beforeAll(async () => {
  vendor = await startLocalVendorServer((request) => nextAnswer(request));
});
afterAll(() => vendor.close());

describe('WeChat Pay v3 Native', () => {
  it('creates a Native order with a signed request and answers code_url as the QR code', async () => {
    const request = order();
    nextAnswer = () => platformSigned({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
    const started = await provider().start(request);
    expect(started).toEqual({ weChatQRCode: 'weixin://wxpay/bizpayurl?pr=abc123' });
    const sent = vendor.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v3/pay/transactions/native');
    expect(sent.headers['content-type']).toBe('application/json');
    expectSignedByMerchant(sent);
    expect(JSON.parse(sent.body)).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: 'SVIP month',
      out_trade_no: request.outTradeNo,
      time_expire: '2026-11-24T14:30:00+08:00',
      notify_url: 'https://parley.example/pay/notify/wechat',
      amount: { total: 2990, currency: 'CNY' },
    });
  });

  it('refuses an answer that the platform key did not sign', async () => {
    nextAnswer = () => platformSigned({ code_url: 'weixin://wxpay/bizpayurl?pr=forged' }, stranger.privateKey);
    await expect(provider().start(order())).rejects.toMatchObject({ messageKey: 'billing:providers.vendorUnverified' });
  });

  it("passes WeChat's own refusal on as a translated vendor failure", async () => {
    nextAnswer = () => ({ status: 400, body: { code: 'PARAM_ERROR', message: 'out_trade_no invalid' } });
    await expect(provider().start(order())).rejects.toMatchObject({ messageKey: 'billing:providers.vendorFailed', params: { detail: '400 PARAM_ERROR out_trade_no invalid' } });
  });

  it('queries by out_trade_no and confirms only a SUCCESS trade, with the amount WeChat reports', async () => {
    const { outTradeNo } = order();
    nextAnswer = () => platformSigned({ appid: APPID, mchid: MCHID, out_trade_no: outTradeNo, trade_state: 'NOTPAY', amount: { total: 2990 } });
    expect(await provider().query(outTradeNo)).toBeNull();
    const sent = vendor.requests.at(-1)!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe(`/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${MCHID}`);
    expect(sent.body).toBe('');
    expectSignedByMerchant(sent);

    nextAnswer = () =>
      platformSigned({ appid: APPID, mchid: MCHID, out_trade_no: outTradeNo, transaction_id: '4200000001', trade_state: 'SUCCESS', success_time: '2026-11-24T14:01:02+08:00', amount: { total: 2990, payer_total: 2990, currency: 'CNY' } });
    expect(await provider().query(outTradeNo)).toEqual({ provider: 'wechat', outTradeNo, providerTxnId: '4200000001', amountFen: 2990, paidAt: new Date('2026-11-24T06:01:02Z') });
  });
});

describe('WeChat Pay v3 JSAPI and openid', () => {
  it('answers WeixinJSBridge parameters whose paySign verifies with the merchant key', async () => {
    const request = order();
    nextAnswer = () => platformSigned({ prepay_id: 'wx201410272009395522657a690389285100' });
    const params = await provider().startJsApi(request, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    const sent = vendor.requests.at(-1)!;
    expect(sent.url).toBe('/v3/pay/transactions/jsapi');
    expectSignedByMerchant(sent);
    expect(JSON.parse(sent.body)).toMatchObject({ out_trade_no: request.outTradeNo, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, amount: { total: 2990, currency: 'CNY' } });
    expect(params).toMatchObject({ appId: APPID, timeStamp: String(nowSeconds), package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA' });
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(rsaSha256Verify(signed, params.paySign, merchant.publicKey)).toBe(true);
  });

  it('exchanges an oauth2 code for the openid, and reports a WeChat error code', async () => {
    nextAnswer = () => ({ body: { access_token: 'ACCESS', expires_in: 7200, refresh_token: 'R', openid: 'OPENID-1', scope: 'snsapi_base' } });
    expect(await provider().openIdFromCode('CODE-1')).toBe('OPENID-1');
    const sent = vendor.requests.at(-1)!;
    expect(sent.method).toBe('GET');
    const url = new URL(sent.url, vendor.url);
    expect(url.pathname).toBe('/sns/oauth2/access_token');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: APPID, secret: 'mp-secret', code: 'CODE-1', grant_type: 'authorization_code' });

    nextAnswer = () => ({ body: { errcode: 40029, errmsg: 'invalid code' } });
    await expect(provider().openIdFromCode('BAD')).rejects.toMatchObject({ messageKey: 'billing:providers.vendorFailed' });
  });
});

describe('WeChat Pay v3 notifications', () => {
  const transaction = (outTradeNo: string) => ({
    mchid: MCHID,
    appid: APPID,
    out_trade_no: outTradeNo,
    transaction_id: '4200000002',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2026-11-24T14:00:30+08:00',
    amount: { total: 2990, payer_total: 2990, currency: 'CNY', payer_currency: 'CNY' },
  });
  function notification(resourceOf: object, options: { key?: string; timestamp?: number; apiV3Key?: string; eventType?: string } = {}) {
    const resource = encryptResource(JSON.stringify(resourceOf), options.apiV3Key ?? API_V3_KEY, 'transaction', 'fdasflkja484');
    const body = JSON.stringify({ id: crypto.randomUUID(), create_time: '2026-11-24T14:00:31+08:00', resource_type: 'encrypt-resource', event_type: options.eventType ?? 'TRANSACTION.SUCCESS', summary: '支付成功', resource: { original_type: 'transaction', ...resource } });
    const timestamp = options.timestamp ?? nowSeconds;
    const nonceStr = 'n0nce';
    const signature = rsaSha256Sign(`${timestamp}\n${nonceStr}\n${body}\n`, options.key ?? platform.privateKey);
    return { rawBody: body, headers: { 'wechatpay-timestamp': String(timestamp), 'wechatpay-nonce': nonceStr, 'wechatpay-signature': signature, 'wechatpay-serial': 'PUB_KEY_ID_TEST' } };
  }

  it('accepts a correctly signed notification and reads the decrypted transaction', () => {
    const check = provider().verifyNotification(notification(transaction('P1')));
    expect(check).toMatchObject({ ok: true, confirmation: { provider: 'wechat', outTradeNo: 'P1', providerTxnId: '4200000002', amountFen: 2990 } });
  });

  it('refuses a tampered body, a wrong key, a stale timestamp, no signature, a wrong APIv3 key and another merchant', () => {
    const wechat = provider();
    const good = notification(transaction('P2'));
    expect(wechat.verifyNotification({ ...good, rawBody: good.rawBody.replace('TRANSACTION', 'TRANSACTIOM') })).toEqual({ ok: false, problem: 'badSignature' });
    expect(wechat.verifyNotification(notification(transaction('P2'), { key: stranger.privateKey }))).toEqual({ ok: false, problem: 'badSignature' });
    expect(wechat.verifyNotification(notification(transaction('P2'), { timestamp: nowSeconds - 301 }))).toEqual({ ok: false, problem: 'stale' });
    expect(wechat.verifyNotification({ rawBody: good.rawBody, headers: {} })).toEqual({ ok: false, problem: 'unsigned' });
    expect(wechat.verifyNotification(notification(transaction('P2'), { apiV3Key: 'ZZZZefghijklmnopqrstuvwxyz012345' }))).toEqual({ ok: false, problem: 'undecryptable' });
    expect(wechat.verifyNotification(notification({ ...transaction('P2'), mchid: '1900000999' }))).toEqual({ ok: false, problem: 'foreignMerchant' });
    expect(wechat.verifyNotification(notification({ ...transaction('P2'), trade_state: 'CLOSED' }))).toEqual({ ok: false, problem: 'ignored' });
  });
});

describe('WeChat Pay without settings', () => {
  it('answers not configured naming the first missing setting, without calling WeChat', async () => {
    const before = vendor.requests.length;
    const bare = new WeChatPayProvider(loadPaymentVendorConfig({ WECHAT_PAY_MCHID: MCHID }).wechat);
    expect(bare.configured).toBe(false);
    const refusal = await bare.start(order()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 503, messageKey: 'billing:providers.notConfigured', params: { vendor: 'WeChat Pay', setting: 'WECHAT_PAY_APPID' } });
    await expect(new WeChatPayProvider(loadPaymentVendorConfig({ WECHAT_PAY_APPID: APPID }).wechat).openIdFromCode('c')).rejects.toMatchObject({ params: { setting: 'WECHAT_MP_APP_SECRET' } });
    expect(vendor.requests.length).toBe(before);
  });
});

describe('WeChat Pay with a platform certificate file', () => {
  // WeChat hands out either a platform public key or an X.509 platform certificate; the certificate is
  // made here with the openssl command (present wherever node is built against OpenSSL on Debian).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-cert-'));
  let made = true;
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=Parley test platform'], { stdio: 'ignore' });
  } catch {
    made = false;
  }

  it.skipIf(!made)('verifies notifications against the certificate read from WECHAT_PAY_PLATFORM_CERT_FILE', () => {
    const certKey = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
    const config = loadPaymentVendorConfig({
      WECHAT_PAY_MCHID: MCHID,
      WECHAT_PAY_APPID: APPID,
      WECHAT_PAY_SERIAL: 'MERCHANT-SERIAL',
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
      WECHAT_PAY_PLATFORM_CERT_FILE: path.join(dir, 'cert.pem'),
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
    });
    expect(config.wechat.platformCertPem).toContain('BEGIN CERTIFICATE');
    const wechat = new WeChatPayProvider(config.wechat, () => NOW);
    const transaction = { mchid: MCHID, appid: APPID, out_trade_no: 'C1', transaction_id: '4200000009', trade_state: 'SUCCESS', amount: { total: 100 } };
    const body = JSON.stringify({ id: 'EV-1', event_type: 'TRANSACTION.SUCCESS', resource: encryptResource(JSON.stringify(transaction), API_V3_KEY, 'transaction', 'abcdefghijkl') });
    const signedBy = (key: string) => ({ rawBody: body, headers: { 'wechatpay-timestamp': String(nowSeconds), 'wechatpay-nonce': 'n', 'wechatpay-signature': rsaSha256Sign(`${nowSeconds}\nn\n${body}\n`, key) } });
    expect(wechat.verifyNotification(signedBy(certKey))).toMatchObject({ ok: true, confirmation: { outTradeNo: 'C1', amountFen: 100 } });
    expect(wechat.verifyNotification(signedBy(platform.privateKey))).toEqual({ ok: false, problem: 'badSignature' });
  });

  it('refuses to start with a key file that cannot be read, naming the setting', () => {
    expect(() => loadPaymentVendorConfig({ WECHAT_PAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(/WECHAT_PAY_PRIVATE_KEY_FILE/);
  });
});
