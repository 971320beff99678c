// Path model of /paypalCallBack (convention: src/testing/paths.ts). The status double
// answers by order number: PAID was paid after all, LOST cannot be read, any other is still
// pending (so cancelled); no order number at all is the fourth start.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PollAnswer } from '../../api/purchase/get-pay-recharge-status';
import type { PathsModel } from '../../testing/paths';
import { paypalCallbackMachine } from './paypalCallback.machine';

const answerFor = (outTradeNo: string): PollAnswer => (outTradeNo === 'PAID' ? 'paid' : outTradeNo === 'LOST' ? 'unknown' : 'pending');
const orderOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { outTradeNo: string | null }).outTradeNo ?? '';

export const pathsModel: PathsModel = {
  name: 'paypalCallback',
  machine: paypalCallbackMachine.provide({
    actors: { readStatus: fromPromise<PollAnswer, { outTradeNo: string }>(async ({ input }) => answerFor(input.outTradeNo)) },
  }),
  inputs: [{ outTradeNo: 'PAID' }, { outTradeNo: 'LOST' }, { outTradeNo: 'OPEN' }, { outTradeNo: null }],
  events: {
    'xstate.done.actor.readStatus': (snapshot) => [{ type: 'xstate.done.actor.readStatus', output: answerFor(orderOf(snapshot)) }],
  },
};
