// PayPal Orders v2 against a local stand-in that checks requests as PayPal documents them: Basic
// client credentials for the token, the Bearer token on API calls, the create-order body, capture,
// and verify-webhook-signature with the webhook id and the event; answers in PayPal's shapes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalVendorServer, type LocalVendorServer, type RecordedRequest, type VendorAnswer } from '../../../../testing/local-vendor-server';
import { loadPaymentVendorConfig } from '../vendor-config';
import { PayPalProvider } from './paypal-provider';

const NOW = new Date('2026-11-24T06:00:00Z');
let now = NOW;
let paypal: LocalVendorServer;
let tokensIssued = 0;
/** Orders the stand-in knows: id → { outTradeNo, value, captured }. */
const orders = new Map<string, { outTradeNo: string; value: string; currency: string; captured: boolean; payerPays?: string }>();
let verification = 'SUCCESS';

function apiAnswer(request: RecordedRequest): VendorAnswer {
  const url = new URL(request.url, 'http://x');
  if (url.pathname === '/v1/oauth2/token') {
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe('grant_type=client_credentials');
    tokensIssued += 1;
    return { body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: `A21AA-${tokensIssued}`, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: 'n' } };
  }
  if (request.headers.authorization !== `Bearer A21AA-${tokensIssued}`) return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
  if (url.pathname === '/v2/checkout/orders' && request.method === 'POST') {
    const body = JSON.parse(request.body);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['paypal-request-id']).toBe(`create-${body.purchase_units[0].reference_id}`);
    const id = `5O190127TN36471${orders.size}`;
    orders.set(id, { outTradeNo: body.purchase_units[0].custom_id, value: body.purchase_units[0].amount.value, currency: body.purchase_units[0].amount.currency_code, captured: false });
    return { status: 200, body: { id, status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} }, links: [{ href: `https://api-m.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' }, { href: `https://www.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }] } };
  }
  const capture = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
  if (capture) {
    const order = orders.get(capture[1]!);
    if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }], message: 'The specified resource does not exist.' } };
    if (capture[2]) {
      if (order.captured) return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }] } };
      order.captured = true;
    }
    const paid = order.payerPays ?? order.value;
    return {
      status: capture[2] ? 201 : 200,
      body: {
        id: capture[1],
        status: order.captured ? 'COMPLETED' : 'APPROVED',
        purchase_units: [{ reference_id: order.outTradeNo, payments: order.captured ? { captures: [{ id: `CAPTURE-${capture[1]}`, status: 'COMPLETED', amount: { currency_code: order.currency, value: paid }, custom_id: order.outTradeNo, create_time: '2026-11-24T06:01:00Z' }] } : {} }],
      },
    };
  }
  if (url.pathname === '/v1/notifications/verify-webhook-signature') {
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_event', 'webhook_id']);
    expect(body.webhook_id).toBe('WH-1234');
    return { body: { verification_status: verification } };
  }
  return { status: 404, body: { name: 'NOT_FOUND' } };
}

function provider(env: Record<string, string> = {}) {
  return new PayPalProvider(loadPaymentVendorConfig({ PAYPAL_CLIENT_ID: 'client-id', PAYPAL_SECRET: 'client-secret', PAYPAL_API_URL: paypal.url, PAYPAL_WEBHOOK_ID: 'WH-1234', PAYPAL_CURRENCY: 'CNY', ...env }).paypal, () => now);
}

const order = (amountFen = 2990) => ({
  outTradeNo: `PP${Date.now()}${Math.floor(Math.random() * 10000)}`,
  amountFen,
  goodsName: 'SVIP month',
  description: 'SVIP membership, 1 month',
  expiresAt: new Date(NOW.getTime() + 30 * 60_000),
  publicBaseUrl: 'https://parley.example',
});

beforeAll(async () => {
  paypal = await startLocalVendorServer(apiAnswer);
});
afterAll(() => paypal.close());
beforeEach(() => {
  now = NOW;
  verification = 'SUCCESS';
});

describe('PayPal Orders v2', () => {
  it('creates an order with intent CAPTURE and answers the payer-action link; the token is cached until it expires', async () => {
    const pp = provider();
    const first = order();
    const issuedBefore = tokensIssued;
    const started = await pp.start(first);
    expect(started.payPalPayHtml).toMatch(/^https:\/\/www\.paypal\.com\/checkoutnow\?token=/);
    expect(started.providerOrderId).toBeTruthy();
    const sent = JSON.parse(paypal.requests.at(-1)!.body);
    expect(sent).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: first.outTradeNo, custom_id: first.outTradeNo, description: 'SVIP month', amount: { currency_code: 'CNY', value: '29.90' } }],
      payment_source: { paypal: { experience_context: { brand_name: 'Parley', shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW', return_url: 'https://parley.example/paypalReturn', cancel_url: 'https://parley.example/paypalCallBack' } } },
    });
    await pp.start(order());
    expect(tokensIssued - issuedBefore).toBe(1);
    now = new Date(NOW.getTime() + 32400_000);
    await pp.start(order());
    expect(tokensIssued - issuedBefore).toBe(2);
  });

  it('fetches a new token once when PayPal refuses the cached one', async () => {
    const revoked = provider();
    await revoked.start(order());
    await provider().start(order()); // a newer token: the stand-in accepts only the latest
    const issued = tokensIssued;
    expect((await revoked.start(order())).payPalPayHtml).toContain('checkoutnow');
    expect(tokensIssued).toBe(issued + 1);
  });

  it('prices in another currency at the configured rate', async () => {
    const pp = provider({ PAYPAL_CURRENCY: 'USD', PAYPAL_YUAN_PER_UNIT: '7.25' });
    await pp.start(order(2900));
    expect(JSON.parse(paypal.requests.at(-1)!.body).purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '4.00' });
  });

  it('captures an approved order into a confirmation, and a second capture reads the same capture back', async () => {
    const pp = provider();
    const request = order();
    const { providerOrderId } = await pp.start(request);
    const outcome = await pp.capture(providerOrderId!, request);
    expect(outcome).toEqual({ ok: true, confirmation: { provider: 'paypal', outTradeNo: request.outTradeNo, providerTxnId: `CAPTURE-${providerOrderId}`, amountFen: 2990, paidAt: new Date('2026-11-24T06:01:00Z') } });
    expect(paypal.requests.at(-1)!.url).toBe(`/v2/checkout/orders/${providerOrderId}/capture`);
    expect(paypal.requests.at(-1)!.headers['paypal-request-id']).toBe(`capture-${providerOrderId}`);
    expect(await pp.capture(providerOrderId!, request)).toEqual(outcome);
    expect(await pp.query(request.outTradeNo, providerOrderId)).toEqual(outcome.ok ? outcome.confirmation : null);
  });

  it('refuses a capture of an unknown order, of another order, and of a different amount', async () => {
    const pp = provider();
    expect(await pp.capture('NO-SUCH-ORDER', { outTradeNo: 'X', amountFen: 100 })).toEqual({ ok: false, problem: 'unknownOrder' });
    const request = order();
    const { providerOrderId } = await pp.start(request);
    expect(await pp.capture(providerOrderId!, { outTradeNo: 'SOMEONE-ELSES', amountFen: 2990 })).toEqual({ ok: false, problem: 'foreignOrder' });
    const cheap = order(2990);
    const started = await pp.start(cheap);
    orders.get(started.providerOrderId!)!.payerPays = '0.01';
    expect(await pp.capture(started.providerOrderId!, cheap)).toEqual({ ok: false, problem: 'amountMismatch' });
  });

  it('answers nothing for polling before the payer approved', async () => {
    const pp = provider();
    const request = order();
    const { providerOrderId } = await pp.start(request);
    expect(await pp.query(request.outTradeNo, providerOrderId)).toBeNull();
  });
});

describe('PayPal webhooks', () => {
  const headers = (time = NOW.toISOString()) => ({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    'paypal-transmission-sig': 'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
    'paypal-transmission-time': time,
  });
  const event = (resource: object, eventType = 'PAYMENT.CAPTURE.COMPLETED') =>
    JSON.stringify({ id: 'WH-58D329510W468432D-8HN650336L201105X', event_version: '1.0', create_time: NOW.toISOString(), resource_type: 'capture', event_type: eventType, summary: 'Payment completed', resource });
  const capture = { id: '42311647XV020574X', status: 'COMPLETED', amount: { currency_code: 'CNY', value: '29.90' }, custom_id: 'PP-HOOK-1', create_time: '2026-11-24T06:00:00Z', supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } } };

  it('accepts a delivery PayPal verifies, and passes PayPal the headers, the webhook id and the event', async () => {
    const check = await provider().verifyWebhook(headers(), event(capture));
    expect(check).toEqual({ ok: true, notificationId: 'WH-58D329510W468432D-8HN650336L201105X', payPalOrderId: '5O190127TN364715T', captured: { currency_code: 'CNY', value: '29.90' }, confirmation: { provider: 'paypal', outTradeNo: 'PP-HOOK-1', providerTxnId: '42311647XV020574X', amountFen: 2990, paidAt: new Date('2026-11-24T06:00:00Z') } });
    const sent = JSON.parse(paypal.requests.at(-1)!.body);
    expect(sent).toMatchObject({ auth_algo: 'SHA256withRSA', transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55', transmission_time: NOW.toISOString(), webhook_event: { id: 'WH-58D329510W468432D-8HN650336L201105X', resource: { id: '42311647XV020574X' } } });
  });

  it('refuses what PayPal does not verify, missing headers, an old transmission, and other events', async () => {
    const pp = provider();
    verification = 'FAILURE';
    expect(await pp.verifyWebhook(headers(), event({ ...capture, amount: { currency_code: 'CNY', value: '2990.00' } }))).toEqual({ ok: false, problem: 'badSignature' });
    verification = 'SUCCESS';
    const calls = paypal.requests.length;
    expect(await pp.verifyWebhook({}, event(capture))).toEqual({ ok: false, problem: 'unsigned' });
    expect(await pp.verifyWebhook(headers(new Date(NOW.getTime() - 601_000).toISOString()), event(capture))).toEqual({ ok: false, problem: 'stale' });
    expect(paypal.requests.length).toBe(calls);
    expect(await pp.verifyWebhook(headers(), event(capture, 'PAYMENT.CAPTURE.REFUNDED'))).toEqual({ ok: false, problem: 'ignored' });
  });
});

describe('PayPal without settings', () => {
  it('answers not configured naming the setting, without calling PayPal', async () => {
    const calls = paypal.requests.length;
    const bare = new PayPalProvider(loadPaymentVendorConfig({ PAYPAL_API_URL: paypal.url }).paypal);
    expect(bare.configured).toBe(false);
    await expect(bare.start(order())).rejects.toMatchObject({ code: 503, messageKey: 'billing:providers.notConfigured', params: { vendor: 'PayPal', setting: 'PAYPAL_CLIENT_ID' } });
    await expect(new PayPalProvider(loadPaymentVendorConfig({ PAYPAL_CLIENT_ID: 'a', PAYPAL_SECRET: 'b' }).paypal).start(order())).rejects.toMatchObject({ params: { setting: 'PAYPAL_YUAN_PER_UNIT' } });
    await expect(provider({ PAYPAL_WEBHOOK_ID: '' }).verifyWebhook({}, '{}')).rejects.toMatchObject({ params: { setting: 'PAYPAL_WEBHOOK_ID' } });
    expect(paypal.requests.length).toBe(calls);
  });
});

describe('PayPal polling in another currency', () => {
  it('checks the capture against the order price when the payments service tells it, and refuses a different one', async () => {
    const priced = new Map<string, number>();
    const pp = new PayPalProvider(loadPaymentVendorConfig({ PAYPAL_CLIENT_ID: 'client-id', PAYPAL_SECRET: 'client-secret', PAYPAL_API_URL: paypal.url, PAYPAL_CURRENCY: 'USD', PAYPAL_YUAN_PER_UNIT: '7.25' }).paypal, () => now, async (id) => priced.get(id) ?? null);
    // 29.90 yuan is 4.12 USD; converting 4.12 back would give 29.87 yuan, so only the order price can confirm it.
    const request = order(2990);
    priced.set(request.outTradeNo, 2990);
    const { providerOrderId } = await pp.start(request);
    expect(JSON.parse(paypal.requests.at(-1)!.body).purchase_units[0].amount.value).toBe('4.12');
    await pp.capture(providerOrderId!, request);
    expect(await pp.query(request.outTradeNo, providerOrderId)).toMatchObject({ outTradeNo: request.outTradeNo, amountFen: 2990 });
    priced.set(request.outTradeNo, 9990);
    expect(await pp.query(request.outTradeNo, providerOrderId)).toBeNull();
  });
});
