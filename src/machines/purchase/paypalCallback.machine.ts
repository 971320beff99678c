// /paypalCallBack (features §2): where PayPal sends a payer who left its page without approving.
// The order is read once: it may have been paid after all (approved in another tab), otherwise the
// payment was cancelled. The order number comes from the query (outTradeNo, else PayPal's token).
import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { getPayRechargeStatus, type PollAnswer } from '../../api/purchase/get-pay-recharge-status';

export const paypalCallbackMachine = setup({
  types: {
    context: {} as { outTradeNo: string | null },
    events: {} as { type: 'pay.retry' },
    input: {} as { outTradeNo: string | null },
  },
  actors: {
    readStatus: fromPromise<PollAnswer, { outTradeNo: string }>(({ input, signal }) => getPayRechargeStatus(input.outTradeNo, signal)),
  },
  guards: {
    hasOrder: ({ context }) => Boolean(context.outTradeNo),
    isPaid: (_, answer: PollAnswer) => answer === 'paid',
    isUnknown: (_, answer: PollAnswer) => answer === 'unknown',
  },
}).createMachine({
  id: 'paypalCallback',
  context: ({ input }) => ({ outTradeNo: input.outTradeNo }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasOrder', target: 'checking' }, { target: 'cancelled' }] },
    checking: {
      invoke: {
        id: 'readStatus',
        src: 'readStatus',
        input: ({ context }) => ({ outTradeNo: context.outTradeNo ?? '' }),
        onDone: [
          { guard: { type: 'isPaid', params: ({ event }) => event.output }, target: 'paid' },
          { guard: { type: 'isUnknown', params: ({ event }) => event.output }, target: 'unknown' },
          { target: 'cancelled' },
        ],
      },
    },
    // The status could not be read (network): asked again on demand.
    unknown: { on: { 'pay.retry': 'checking' } },
    cancelled: { type: 'final' },
    paid: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof paypalCallbackMachine>;
export type PaypalCallbackStage = 'checking' | 'unknown' | 'cancelled' | 'paid';
export const selectPaypalCallbackStage = (snapshot: Snapshot): PaypalCallbackStage =>
  snapshot.value === 'deciding' ? 'checking' : (snapshot.value as PaypalCallbackStage);
