// Path model of /paypalReturn (convention: src/testing/paths.ts). The capture double answers
// by PayPal token: PAID is captured at once, SLOW is pending and then paid, LATE is pending and
// then closed, DECLINED is closed, BROKEN is refused; no token at all is the fourth start.
import { map, timer } from 'rxjs';
import { fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PaymentStatus, PaypalReturnQuery } from '../../api/purchase/paypal-pay-back';
import type { PathsModel } from '../../testing/paths';
import type { PaymentEvent } from './payment.machine';
import { paypalReturnMachine, type PaypalReturnContext } from './paypalReturn.machine';

const REFUSED = { kind: 'business', code: 500, message: 'PayPal refused the capture' };
const CAPTURES: Record<string, PaymentStatus['status']> = { PAID: 'paid', SLOW: 'pending', LATE: 'pending', DECLINED: 'closed' };
const captureOf = (token: string) => (CAPTURES[token] ? { outTradeNo: `order-${token}`, status: CAPTURES[token]! } : null);
const tokenOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as PaypalReturnContext).token ?? '';

export const paypalReturnDoubles = {
  capture: fromPromise<PaymentStatus, PaypalReturnQuery>(async ({ input }) => {
    const answer = captureOf(input.token);
    if (!answer) throw REFUSED;
    return answer;
  }),
  watchPayment: fromEventObservable<PaymentEvent, { outTradeNo: string }>(({ input }) =>
    timer(10).pipe(map((): PaymentEvent => ({ type: 'pay.status', status: input.outTradeNo === 'order-SLOW' ? 'paid' : 'closed' }))),
  ),
};

export const pathsModel: PathsModel = {
  name: 'paypalReturn',
  machine: paypalReturnMachine.provide({ actors: paypalReturnDoubles }),
  inputs: ['PAID', 'SLOW', 'LATE', 'DECLINED', 'BROKEN', null].map((token) => ({ token, payerId: token ? 'PAYER1' : null })),
  events: {
    'xstate.done.actor.capture': (snapshot) => {
      const answer = captureOf(tokenOf(snapshot));
      return answer ? [{ type: 'xstate.done.actor.capture', output: answer }] : [];
    },
    'xstate.error.actor.capture': (snapshot) => (captureOf(tokenOf(snapshot)) ? [] : [{ type: 'xstate.error.actor.capture', error: REFUSED }]),
    'pay.status': (snapshot) => [{ type: 'pay.status', status: tokenOf(snapshot) === 'SLOW' ? 'paid' : 'closed' }],
  },
  produced: ['pay.status'],
};
