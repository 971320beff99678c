// Path model of the purchase dialog (convention: src/shared/testing/paths.ts): opened on the
// stored tab, on an asked tab and on the selPayIndex query's tab; moved between tabs; closed; and
// closed by itself once the payment inside is paid. The payment is a double here (its own paths
// are payment.paths.ts): opened on tab 2 it is paid after a moment, on any other tab never.
import { fromPromise } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
import type { PaymentInput, PaymentOutput } from './payment.machine';
import { purchaseDialogMachine, type PurchaseDialogContext } from './purchaseDialog.machine';

export const PAID_TAB = 2;
export const PAID: PaymentOutput = { outTradeNo: 'order-dub-hours', packageId: 'dub-hours' };

export const pathsModel: PathsModel = {
  name: 'purchaseDialog',
  machine: purchaseDialogMachine.provide({
    actors: {
      payment: fromPromise<PaymentOutput, PaymentInput>(({ input }) =>
        input.tab === PAID_TAB ? new Promise((resolve) => setTimeout(() => resolve(PAID), 10)) : new Promise(() => undefined),
      ) as never,
    },
  }),
  events: {
    'purchase.open': [
      { type: 'purchase.open' },
      { type: 'purchase.open', tab: 2 },
      { type: 'purchase.open', queryTab: 1 },
    ],
    'purchase.tabChanged': [{ type: 'purchase.tabChanged', tab: 1 }],
    'pay.packageChosen': [{ type: 'pay.packageChosen', packageId: 'svip-year' }],
    'pay.methodChosen': [{ type: 'pay.methodChosen', payType: 'aliPay' }],
    'xstate.done.actor.payment': (snapshot) =>
      (snapshot.context as PurchaseDialogContext).tab === PAID_TAB ? [{ type: 'xstate.done.actor.payment', output: PAID }] : [],
  },
};
