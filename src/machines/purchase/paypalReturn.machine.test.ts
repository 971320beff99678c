// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentStatus, PaypalReturnQuery } from '../../api/purchase/paypal-pay-back';
import { paypalReturnMachine, selectPaypalReturnError, selectPaypalReturnStage } from './paypalReturn.machine';
import { paypalReturnDoubles } from './paypalReturn.paths';

describe('paypalReturn machine', () => {
  it('captures with PayPal’s token and payer, and retries a refused capture', async () => {
    const asked: PaypalReturnQuery[] = [];
    let refuse = true;
    const machine = paypalReturnMachine.provide({
      actors: {
        ...paypalReturnDoubles,
        capture: fromPromise<PaymentStatus, PaypalReturnQuery>(async ({ input }) => {
          asked.push(input);
          if (refuse) throw { kind: 'business', code: 500, message: 'Order not approved' };
          return { outTradeNo: 'P1', status: 'paid' };
        }),
      },
    });
    const actor = createActor(machine, { input: { token: '5O190127TN364715T', payerId: 'FSMVU44LF3YUS' } }).start();
    await waitFor(actor, (snapshot) => selectPaypalReturnStage(snapshot) === 'failed');
    expect(selectPaypalReturnError(actor.getSnapshot())).toEqual({ message: 'Order not approved' });
    refuse = false;
    actor.send({ type: 'pay.retry' });
    await waitFor(actor, (snapshot) => selectPaypalReturnStage(snapshot) === 'paid');
    expect(asked).toEqual([
      { token: '5O190127TN364715T', payerId: 'FSMVU44LF3YUS' },
      { token: '5O190127TN364715T', payerId: 'FSMVU44LF3YUS' },
    ]);
  });

  it('waits for a pending capture to be confirmed, and captures nothing without a token', async () => {
    const actor = createActor(paypalReturnMachine.provide({ actors: paypalReturnDoubles }), { input: { token: 'SLOW', payerId: null } }).start();
    await waitFor(actor, (snapshot) => selectPaypalReturnStage(snapshot) === 'confirming');
    await waitFor(actor, (snapshot) => selectPaypalReturnStage(snapshot) === 'paid');
    const nothing = createActor(paypalReturnMachine.provide({ actors: paypalReturnDoubles }), { input: { token: null, payerId: null } }).start();
    expect(selectPaypalReturnStage(nothing.getSnapshot())).toBe('missingToken');
  });
});
