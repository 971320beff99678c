// @vitest-environment node
// The payment calls against fake answers: the status poll reads 9250747 as 'pending' without a toast
// and a failure as 'unknown' without a toast; a QR order sends the package's fields and an
// entitlement refusal from any call opens the purchase dialog on tab 2.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { apiEvents$ } from '../app-events';
import { answering, json } from '../test-fetch';
import type { ApiEvent } from '../types';
import { getPayRechargeStatus } from './get-pay-recharge-status';
import { getQrPay } from './get-qr-pay';
import { queryCommonPricePackage } from './query-common-price-package';


let events: ApiEvent[];
let stop: () => void;
beforeEach(() => {
  events = [];
  const subscription = apiEvents$.subscribe((event) => events.push(event));
  stop = () => subscription.unsubscribe();
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('payment calls', () => {
  it('polls the status quietly: 200 with the status, 9250747 pending, any failure unknown', async () => {
    const requests = answering((request) =>
      request.url.endsWith('/PAID')
        ? json({ code: 200, msg: '', data: { outTradeNo: 'PAID', status: 'paid' } })
        : request.url.endsWith('/WAIT')
          ? json({ code: 9250747, msg: 'Not paid yet', data: null })
          : json({ code: 500, msg: 'Database unavailable', data: null }),
    );
    expect(await getPayRechargeStatus('PAID')).toBe('paid');
    expect(await getPayRechargeStatus('WAIT')).toBe('pending');
    expect(await getPayRechargeStatus('OOPS')).toBe('unknown');
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['POST', '/prod-api/expense/pay/getPayRechargeStatus/PAID'],
      ['POST', '/prod-api/expense/pay/getPayRechargeStatus/WAIT'],
      ['POST', '/prod-api/expense/pay/getPayRechargeStatus/OOPS'],
    ]);
    expect(events).toEqual([]);
  });

  it('orders a QR with the package’s fields and answers the order', async () => {
    const requests = answering(() => json({ code: 200, msg: '', data: { outTradeNo: 'T1', weChatQRCode: 'http://parley.test/checkout/T1' } }));
    const order = await getQrPay({ source: 1, packageId: 'p1', payPrice: 99, payType: 'wxV3Pay', goodsName: 'SVIP 1 month', description: 'SVIP' });
    expect(order).toEqual({ outTradeNo: 'T1', weChatQRCode: 'http://parley.test/checkout/T1' });
    expect(await requests[0]!.json()).toEqual({ source: 1, packageId: 'p1', payPrice: 99, payType: 'wxV3Pay', goodsName: 'SVIP 1 month', description: 'SVIP' });
  });

  it('opens the purchase dialog on tab 2 when a payment call is refused for a missing right', async () => {
    answering(() => json({ code: 92505003, msg: 'No such right', data: null }));
    await expect(queryCommonPricePackage(1)).rejects.toMatchObject({ kind: 'entitlement', code: 92505003 });
    expect(events).toContainEqual({ type: 'purchase.open', tab: 'duration' });
  });
});
