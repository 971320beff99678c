// Path model of the receipt page (convention: src/testing/paths.ts). The double answers order 'PT1'
// with its receipt and refuses 'gone' as the server refuses another user's order.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Receipt } from '../../api/account/query-receipt';
import type { PathsModel } from '../../testing/paths';
import { receiptMachine, type ReceiptContext } from './receipt.machine';

const RECEIPT: Receipt = {
  outTradeNo: 'PT1',
  packageName: 'SVIP · 1 month',
  amount: 99,
  currency: 'CNY',
  payType: 'wxV3Pay',
  paidAt: '2026-11-28T02:44:03.718Z',
  buyerName: 'Ana',
  seller: 'Parley',
};
const NOT_FOUND = { kind: 'business', code: 404, message: 'No such order' };
const refused = (snapshot: AnyMachineSnapshot) => (snapshot.context as ReceiptContext).outTradeNo === 'gone';

export const pathsModel: PathsModel = {
  name: 'receipt',
  machine: receiptMachine.provide({
    actors: {
      queryReceipt: fromPromise<Receipt, { outTradeNo: string }>(async ({ input }) => {
        if (input.outTradeNo === 'gone') throw NOT_FOUND;
        return RECEIPT;
      }),
    },
  }),
  inputs: [{ outTradeNo: 'PT1' }, { outTradeNo: 'gone' }],
  events: {
    'receipt.retry': [{ type: 'receipt.retry' }],
    'xstate.done.actor.queryReceipt': (snapshot) => (refused(snapshot) ? [] : [{ type: 'xstate.done.actor.queryReceipt', output: RECEIPT }]),
    'xstate.error.actor.queryReceipt': (snapshot) => (refused(snapshot) ? [{ type: 'xstate.error.actor.queryReceipt', error: NOT_FOUND }] : []),
  },
  serializeContext: (context: ReceiptContext) => ({
    order: context.outTradeNo,
    shown: context.receipt?.outTradeNo ?? null,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
};
