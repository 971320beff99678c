// @vitest-environment node
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import type { PaymentOrder, QrPayRequest } from '../../api/purchase/get-qr-pay';
import { CATALOGUE, paymentDoubles, paymentWithDoubles } from './payment.doubles';
import {
  paymentMachine,
  paymentStatus$,
  safeApprovalUrl,
  selectChosenPackage,
  selectPayOrder,
  selectPayStage,
  selectPayTab,
  type PaymentEvent,
} from './payment.machine';

afterEach(() => {
  vi.useRealTimers();
});

describe('payment machine', () => {
  it('selects the first package of the asked tab and orders it at its own price', async () => {
    const requests: QrPayRequest[] = [];
    const machine = paymentWithDoubles.provide({
      actors: {
        createOrder: fromPromise<PaymentOrder, QrPayRequest>(async ({ input }) => {
          requests.push(input);
          return { outTradeNo: 'T1', weChatQRCode: 'https://parley.test/checkout/T1', aliPayQRCode: null, payPalPayHtml: null };
        }),
      },
    });
    // Source 2 fails the doubles' catalogue; this test wants it loaded.
    const loaded = createActor(machine.provide({ actors: { loadCatalogue: fromPromise(async () => CATALOGUE) } }), { input: { source: 2, tab: 1 } }).start();
    await waitFor(loaded, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    expect(selectChosenPackage(loaded.getSnapshot())?.id).toBe('vip-month');
    expect(requests).toEqual([{ source: 2, packageId: 'vip-month', payPrice: 49, payType: 'wxV3Pay', goodsName: 'vip-month', description: 'VIP' }]);
    expect(selectPayOrder(loaded.getSnapshot())).toEqual({ outTradeNo: 'T1', qrText: 'https://parley.test/checkout/T1', approvalUrl: null });
    loaded.stop();
  });

  it('opens the first tab for a tab the catalogue does not have', async () => {
    const actor = createActor(paymentWithDoubles, { input: { source: 1, tab: 7 } }).start();
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'fetchingQr');
    expect(selectPayTab(actor.getSnapshot())).toBe(0);
    actor.stop();
  });

  it('ignores changes while a QR loads, then orders again for a change once it is shown', async () => {
    let answer: (order: PaymentOrder) => void = () => undefined;
    const asked: string[] = [];
    const machine = paymentWithDoubles.provide({
      actors: {
        createOrder: fromPromise<PaymentOrder, QrPayRequest>(({ input }) => {
          asked.push(`${input.packageId}/${input.payType}`);
          return new Promise((resolve) => (answer = resolve));
        }),
      },
    });
    const actor = createActor(machine, { input: { source: 1, tab: 0 } }).start();
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'fetchingQr');
    actor.send({ type: 'pay.packageChosen', packageId: 'svip-year' });
    actor.send({ type: 'pay.methodChosen', payType: 'aliPay' });
    actor.send({ type: 'pay.tabChosen', tab: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 0, packageId: 'svip-month', payType: 'wxV3Pay' });
    answer({ outTradeNo: 'A', weChatQRCode: 'qr-a', aliPayQRCode: null, payPalPayHtml: null });
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    actor.send({ type: 'pay.methodChosen', payType: 'aliPay' });
    expect(selectPayStage(actor.getSnapshot())).toBe('fetchingQr');
    expect(selectPayOrder(actor.getSnapshot())).toBeNull();
    expect(asked).toEqual(['svip-month/wxV3Pay', 'svip-month/aliPay']);
    // The same choice again changes nothing and orders nothing.
    answer({ outTradeNo: 'B', weChatQRCode: null, aliPayQRCode: 'qr-b', payPalPayHtml: null });
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    actor.send({ type: 'pay.methodChosen', payType: 'aliPay' });
    expect(selectPayOrder(actor.getSnapshot())?.qrText).toBe('qr-b');
    expect(asked).toHaveLength(2);
    actor.stop();
  });

  it('renews an order the server closed, and ends paid with what was bought', async () => {
    const statuses: Array<(status: 'closed' | 'paid') => void> = [];
    const manual = paymentWithDoubles.provide({
      actors: {
        createOrder: fromPromise<PaymentOrder, QrPayRequest>(async () => ({ outTradeNo: `T-${statuses.length}`, weChatQRCode: 'qr', aliPayQRCode: null, payPalPayHtml: null })),
        watchPayment: fromEventObservable<PaymentEvent, { outTradeNo: string }>(() =>
          new Observable<PaymentEvent>((subscriber) => {
            statuses.push((status) => subscriber.next({ type: 'pay.status', status }));
          }),
        ),
      },
    });
    const actor = createActor(manual, { input: { source: 1, tab: 0 } }).start();
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    statuses[0]!('closed');
    expect(selectPayStage(actor.getSnapshot())).toBe('orderClosed');
    expect(selectPayOrder(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'pay.retry' });
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    statuses[1]!('paid');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outTradeNo: 'T-1', packageId: 'svip-month' });
  });

  it('keeps the provider answer out of the page unless it is a web address', async () => {
    expect(safeApprovalUrl('https://www.sandbox.paypal.com/checkoutnow?token=5O1')).toBe('https://www.sandbox.paypal.com/checkoutnow?token=5O1');
    expect(safeApprovalUrl('javascript:alert(1)')).toBeNull();
    expect(safeApprovalUrl('<form action="x"></form>')).toBeNull();
    // Tab 1's first package stays pending, so the link stays shown.
    const actor = createActor(paymentWithDoubles, { input: { source: 1, tab: 1 } }).start();
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    actor.send({ type: 'pay.methodChosen', payType: 'paypalV2Pay' });
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    expect(selectPayOrder(actor.getSnapshot())).toMatchObject({ qrText: null, approvalUrl: expect.stringMatching(/^https:\/\/paypal\.test\//) });
    actor.stop();
  });

  it('shows a refused order with the server text and orders again on retry', async () => {
    const actor = createActor(paymentMachine.provide({ actors: paymentDoubles }), { input: { source: 1, tab: 1 } }).start();
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    actor.send({ type: 'pay.packageChosen', packageId: 'vip-broken' });
    await waitFor(actor, (snapshot) => selectPayStage(snapshot) === 'qrFailed');
    expect(actor.getSnapshot().context.errorMessage).toBe('This package is no longer sold');
    actor.send({ type: 'pay.retry' });
    expect(selectPayStage(actor.getSnapshot())).toBe('fetchingQr');
    actor.stop();
  });
});

describe('paymentStatus$', () => {
  it('asks at once, then every second, never two at a time, and reads a failed ask as unknown', async () => {
    vi.useFakeTimers();
    const asks: Array<{ resolve: (status: 'pending' | 'paid') => void; reject: () => void; signal: AbortSignal }> = [];
    const ask = (_: string, signal?: AbortSignal) =>
      new Promise<'pending' | 'paid'>((resolve, reject) => asks.push({ resolve, reject, signal: signal! }));
    const seen: string[] = [];
    const subscription = paymentStatus$('T1', ask).subscribe((event) => seen.push(event.type === 'pay.status' ? event.status : ''));
    await vi.advanceTimersByTimeAsync(0);
    expect(asks).toHaveLength(1);
    // A slow answer: the ticks meanwhile ask nothing more.
    await vi.advanceTimersByTimeAsync(2500);
    expect(asks).toHaveLength(1);
    asks[0]!.resolve('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(asks).toHaveLength(2);
    asks[1]!.reject();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asks).toHaveLength(3);
    subscription.unsubscribe();
    expect(asks[2]!.signal.aborted).toBe(true);
    expect(seen).toEqual(['pending', 'unknown']);
  });
});
