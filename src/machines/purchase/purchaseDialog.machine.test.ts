// @vitest-environment node
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import type { Notice } from '../notice';
import { paymentDoubles, paymentWithDoubles } from './payment.doubles';
import { selectPayStage, selectPayTab, type PaymentEvent } from './payment.machine';
import {
  openingTab,
  purchaseDialogMachine,
  selectPaymentActor,
  selectPurchaseEverOpened,
  selectPurchaseOffered,
  selectPurchaseOpen,
  selectPurchaseTab,
  type PurchasePaid,
} from './purchaseDialog.machine';

const withPayment = (payment: AnyActorLogic = paymentWithDoubles) =>
  purchaseDialogMachine.provide({ actors: { loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async () => payment) } });

describe('purchaseDialog machine', () => {
  it('opens on the asked tab, else the selPayIndex query, else the stored tab', () => {
    expect(openingTab(0, { tab: 2, queryTab: 1 })).toBe(2);
    expect(openingTab(0, { queryTab: 1 })).toBe(1);
    expect(openingTab(3, {})).toBe(3);
    expect(openingTab(0, { tab: -3, queryTab: 1.5 })).toBe(0);
  });

  it('under BILLING=off (not offered) nothing opens it: no button, no 9250500x refusal, no page', () => {
    const actor = createActor(withPayment()).start();
    actor.send({ type: 'purchase.offered', offered: false });
    expect(selectPurchaseOffered(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'purchase.open', tab: 'duration' });
    actor.send({ type: 'purchase.open', queryTab: 1 });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(false);
    // Never opened, so its code is never fetched either.
    expect(selectPurchaseEverOpened(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'purchase.offered', offered: true });
    actor.send({ type: 'purchase.open', tab: 'duration' });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(true);
  });

  it('stays unloaded until first opened, runs a payment while open and resets to tab 0 on close', async () => {
    const actor = createActor(withPayment()).start();
    expect(selectPurchaseEverOpened(actor.getSnapshot())).toBe(false);
    expect(selectPaymentActor(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'purchase.open', tab: 'vip' });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(true);
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(1);
    const payment = (await waitFor(actor, (snapshot) => selectPaymentActor(snapshot) !== null)) && selectPaymentActor(actor.getSnapshot())!;
    await waitFor(payment, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    expect(selectPayTab(payment.getSnapshot())).toBe(1);
    actor.send({ type: 'purchase.close' });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(false);
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
    expect(payment.getSnapshot().status).toBe('stopped');
    expect(selectPurchaseEverOpened(actor.getSnapshot())).toBe(true);
  });

  it('stops polling the payment status when closed', async () => {
    let subscribed = 0;
    let unsubscribed = 0;
    const watch = fromEventObservable<PaymentEvent, { outTradeNo: string }>(
      () =>
        new Observable<PaymentEvent>(() => {
          subscribed += 1;
          return () => (unsubscribed += 1);
        }),
    );
    const actor = createActor(withPayment(paymentWithDoubles.provide({ actors: { ...paymentDoubles, watchPayment: watch } }))).start();
    actor.send({ type: 'purchase.open', tab: 'vip' });
    await waitFor(actor, (snapshot) => selectPaymentActor(snapshot) !== null);
    await waitFor(selectPaymentActor(actor.getSnapshot())!, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    expect([subscribed, unsubscribed]).toEqual([1, 0]);
    actor.send({ type: 'purchase.close' });
    expect([subscribed, unsubscribed]).toEqual([1, 1]);
  });

  it('moves the open payment to the tab a second request asks for, and passes the view’s choices on', async () => {
    const actor = createActor(withPayment()).start();
    actor.send({ type: 'purchase.open' });
    await waitFor(actor, (snapshot) => selectPaymentActor(snapshot) !== null);
    const payment = selectPaymentActor(actor.getSnapshot())!;
    await waitFor(payment, (snapshot) => selectPayStage(snapshot) === 'orderClosed');
    actor.send({ type: 'purchase.open', tab: 'vip' });
    expect(selectPayTab(payment.getSnapshot())).toBe(1);
    await waitFor(payment, (snapshot) => selectPayStage(snapshot) === 'awaitingPayment');
    actor.send({ type: 'purchase.tabChanged', tab: 0 });
    expect(selectPayTab(payment.getSnapshot())).toBe(0);
    await waitFor(payment, (snapshot) => selectPayStage(snapshot) === 'orderClosed');
    actor.send({ type: 'pay.methodChosen', payType: 'aliPay' });
    expect(payment.getSnapshot().context.payType).toBe('aliPay');
    actor.stop();
  });

  it('announces a paid order, says so and closes by itself on tab 0', async () => {
    const actor = createActor(withPayment()).start();
    const paid: PurchasePaid[] = [];
    const notices: Notice[] = [];
    actor.on('purchase.paid', (event) => paid.push(event));
    actor.on('notice', (event) => notices.push(event));
    actor.send({ type: 'purchase.open', tab: 'duration' });
    await waitFor(actor, (snapshot) => !selectPurchaseOpen(snapshot));
    expect(paid).toEqual([{ type: 'purchase.paid', outTradeNo: 'order-dub-hours-wxV3Pay', packageId: 'dub-hours' }]);
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: 'purchase:paid' }]);
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
  });

  it('closes with an error notice when the payment code cannot be fetched, starting on the newest tab asked', async () => {
    let fail = true;
    const inputs: unknown[] = [];
    const machine = purchaseDialogMachine.provide({
      actors: {
        loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async () => {
          if (fail) throw new Error('Failed to fetch dynamically imported module');
          return fromPromise(({ input }) => {
            inputs.push(input);
            return new Promise(() => undefined);
          });
        }),
      },
    });
    const actor = createActor(machine).start();
    const notices: Notice[] = [];
    actor.on('notice', (event) => notices.push(event));
    actor.send({ type: 'purchase.open', tab: 'duration' });
    await waitFor(actor, (snapshot) => !selectPurchaseOpen(snapshot));
    expect(notices).toEqual([{ type: 'notice', level: 'error', messageKey: 'purchase:dialogLoadFailed' }]);
    fail = false;
    actor.send({ type: 'purchase.open', tab: 'vip' });
    actor.send({ type: 'purchase.open', tab: 'dubbing' });
    await waitFor(actor, (snapshot) => selectPaymentActor(snapshot) !== null);
    expect(inputs).toEqual([{ source: 1, tab: 3 }]);
  });
});
