// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PollAnswer } from '../../api/purchase/get-pay-recharge-status';
import { paypalCallbackMachine, selectPaypalCallbackStage } from './paypalCallback.machine';

const answering = (answers: PollAnswer[]) =>
  paypalCallbackMachine.provide({ actors: { readStatus: fromPromise<PollAnswer, { outTradeNo: string }>(async () => answers.shift() ?? 'pending') } });

describe('paypalCallback machine', () => {
  it('shows a cancelled payment unless the order was paid after all', async () => {
    const cancelled = createActor(answering(['pending']), { input: { outTradeNo: 'T1' } }).start();
    await waitFor(cancelled, (snapshot) => snapshot.status === 'done');
    expect(selectPaypalCallbackStage(cancelled.getSnapshot())).toBe('cancelled');
    const paid = createActor(answering(['paid']), { input: { outTradeNo: 'T1' } }).start();
    await waitFor(paid, (snapshot) => snapshot.status === 'done');
    expect(selectPaypalCallbackStage(paid.getSnapshot())).toBe('paid');
    const none = createActor(answering([]), { input: { outTradeNo: null } }).start();
    expect(selectPaypalCallbackStage(none.getSnapshot())).toBe('cancelled');
  });

  it('asks again when the status could not be read', async () => {
    const actor = createActor(answering(['unknown', 'paid']), { input: { outTradeNo: 'T1' } }).start();
    await waitFor(actor, (snapshot) => selectPaypalCallbackStage(snapshot) === 'unknown');
    actor.send({ type: 'pay.retry' });
    await waitFor(actor, (snapshot) => selectPaypalCallbackStage(snapshot) === 'paid');
  });
});
