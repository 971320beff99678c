// Path model of the purchase dialog (convention: src/testing/paths.ts): opened on the
// stored tab, on an asked tab and on the selPayIndex query's tab; moved between tabs; closed; and
// closed by itself once the payment inside is paid. The payment is a double here (its own paths
// are payment.paths.ts): opened on tab 2 it is paid after a moment, on any other tab never. Its
// code fails to load for tab 1 (as a lost connection would), which closes the dialog.
import { fromPromise, type AnyActorLogic, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { PaymentInput, PaymentOutput } from './payment.machine';
import { purchaseDialogMachine, type PurchaseDialogContext } from './purchaseDialog.machine';

export const PAID_TAB = 2;
export const PAID: PaymentOutput = { outTradeNo: 'order-dub-hours', packageId: 'dub-hours' };

export const CODE_FAILS_TAB = 1;
export const paymentDouble = fromPromise<PaymentOutput, PaymentInput>(({ input }) =>
  input.tab === PAID_TAB ? new Promise((resolve) => setTimeout(() => resolve(PAID), 10)) : new Promise(() => undefined),
);
const tabOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as PurchaseDialogContext).tab;

export const pathsModel: PathsModel = {
  name: 'purchaseDialog',
  machine: purchaseDialogMachine.provide({
    actors: {
      loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async ({ input }) => {
        if (input.tab === CODE_FAILS_TAB) throw new Error('Failed to fetch dynamically imported module');
        return paymentDouble;
      }),
    },
  }),
  events: {
    // While the code loads, the loader double already answers for the tab it was asked with: no
    // sample may move the tab into or out of CODE_FAILS_TAB, or the model and the double disagree.
    'purchase.open': (snapshot) =>
      snapshot.matches({ open: 'loadingCode' })
        ? tabOf(snapshot) === CODE_FAILS_TAB
          ? []
          : [{ type: 'purchase.open', tab: 'duration' }]
        : [{ type: 'purchase.open' }, { type: 'purchase.open', tab: 'duration' }, { type: 'purchase.open', queryTab: 1 }],
    'purchase.tabChanged': [{ type: 'purchase.tabChanged', tab: 1 }],
    // BILLING=off turns it off (opening is then ignored) and a permissions re-read back on.
    'purchase.offered': (snapshot) => [{ type: 'purchase.offered', offered: !(snapshot.context as PurchaseDialogContext).offered }],
    'pay.packageChosen': [{ type: 'pay.packageChosen', packageId: 'svip-year' }],
    'pay.methodChosen': [{ type: 'pay.methodChosen', payType: 'aliPay' }],
    'xstate.done.actor.loadPayment': (snapshot) => (tabOf(snapshot) === CODE_FAILS_TAB ? [] : [{ type: 'xstate.done.actor.loadPayment', output: paymentDouble }]),
    'xstate.error.actor.loadPayment': (snapshot) => (tabOf(snapshot) === CODE_FAILS_TAB ? [{ type: 'xstate.error.actor.loadPayment', error: new Error('offline') }] : []),
    'xstate.done.actor.payment': (snapshot) => (tabOf(snapshot) === PAID_TAB ? [{ type: 'xstate.done.actor.payment', output: PAID }] : []),
  },
};
