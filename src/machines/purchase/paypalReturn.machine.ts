// /paypalReturn (features §2, §4): PayPal sends the payer back with token (its order id) and
// PayerID; the page captures the order through paypalPayBack and shows the result. A capture the
// provider has not settled yet is confirmed by polling the order's status every second, as the
// pay pages do; a refused capture can be tried again (capturing twice credits once on the server).
import { assign, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { paypalPayBackActor, type PaymentStatus, type PaypalReturnQuery } from '../../api/purchase/paypal-pay-back';
import { paymentStatus$, type PaymentEvent } from './payment.machine';

export const CAPTURE_FAILED_KEY = 'purchase:captureFailed';

export interface PaypalReturnContext extends ErrorText {
  token: string | null;
  payerId: string | null;
  outTradeNo: string | null;
}

export type PaypalReturnEvent = { type: 'pay.retry' } | PaymentEvent;

export const paypalReturnMachine = setup({
  types: {
    context: {} as PaypalReturnContext,
    events: {} as PaypalReturnEvent,
    input: {} as { token: string | null; payerId: string | null },
  },
  actors: {
    capture: paypalPayBackActor,
    watchPayment: fromEventObservable<PaymentEvent, { outTradeNo: string }>(({ input }) => paymentStatus$(input.outTradeNo)),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    captured: (_, status: PaymentStatus) => status.status === 'paid',
    pending: (_, status: PaymentStatus) => status.status === 'pending',
    isPaid: ({ event }) => event.type === 'pay.status' && event.status === 'paid',
    isClosed: ({ event }) => event.type === 'pay.status' && event.status === 'closed',
  },
}).createMachine({
  id: 'paypalReturn',
  context: ({ input }) => ({ token: input.token, payerId: input.payerId, outTradeNo: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasToken', target: 'capturing' }, { target: 'missingToken' }] },
    // Reached without PayPal's token (typed by hand, a bookmark): nothing to capture.
    missingToken: {},
    capturing: {
      entry: assign({ errorKey: undefined, errorMessage: undefined, errorCode: undefined }),
      invoke: {
        id: 'capture',
        src: 'capture',
        input: ({ context }): PaypalReturnQuery => ({ token: context.token ?? '', payerId: context.payerId }),
        onDone: [
          { guard: { type: 'captured', params: ({ event }) => event.output }, target: 'paid', actions: assign({ outTradeNo: ({ event }) => event.output.outTradeNo }) },
          { guard: { type: 'pending', params: ({ event }) => event.output }, target: 'confirming', actions: assign({ outTradeNo: ({ event }) => event.output.outTradeNo }) },
          { target: 'closed', actions: assign({ outTradeNo: ({ event }) => event.output.outTradeNo }) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => describeError(event.error, CAPTURE_FAILED_KEY)) },
      },
    },
    confirming: {
      invoke: { id: 'watchPayment', src: 'watchPayment', input: ({ context }) => ({ outTradeNo: context.outTradeNo ?? '' }) },
      on: {
        'pay.status': [
          { guard: 'isPaid', target: 'paid' },
          { guard: 'isClosed', target: 'closed' },
        ],
      },
    },
    failed: { on: { 'pay.retry': 'capturing' } },
    // The order expired or PayPal declined it: a new purchase starts from the dialog.
    closed: { type: 'final' },
    paid: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof paypalReturnMachine>;
export type PaypalReturnStage = 'missingToken' | 'capturing' | 'confirming' | 'failed' | 'closed' | 'paid';
export const selectPaypalReturnStage = (snapshot: Snapshot): PaypalReturnStage =>
  snapshot.value === 'deciding' ? 'capturing' : (snapshot.value as PaypalReturnStage);
export const selectPaypalReturnError = (snapshot: Snapshot) =>
  snapshot.context.errorMessage ? { message: snapshot.context.errorMessage } : snapshot.context.errorKey ? { messageKey: snapshot.context.errorKey } : null;
export const selectPaypalOutTradeNo = (snapshot: Snapshot) => snapshot.context.outTradeNo;
