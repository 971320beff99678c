// Path model of one payment (convention: src/testing/paths.ts), on the doubles of
// payment.doubles.ts: a catalogue that loads (tab 0), one that is empty (tab 9) and one that fails
// (source 2); packages whose orders are paid, closed, pending, refused or cancelled; the three
// payment methods. Status answers are produced by the watch double, never sent by the replay.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import {
  CATEGORIES,
  catalogueFailsFor,
  catalogueFor,
  EMPTY_TAB,
  LOAD_FAILURE,
  orderErrorFor,
  orderFor,
  paymentWithDoubles,
} from './payment.doubles';
import type { PaymentContext } from './payment.machine';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentContext;

export const pathsModel: PathsModel = {
  name: 'payment',
  machine: paymentWithDoubles,
  inputs: [
    { source: 1, tab: 0 },
    { source: 1, tab: 9 },
    { source: 2, tab: 2 },
  ],
  events: {
    // While loading, the double already answers for the tab it was asked with: no sample may turn an
    // empty catalogue (tab 9) into a full one or back, or the model and the double would disagree.
    'pay.tabChosen': (snapshot) =>
      snapshot.matches('loading')
        ? contextOf(snapshot).tab === EMPTY_TAB
          ? []
          : [{ type: 'pay.tabChosen', tab: 2 }]
        : [
            { type: 'pay.tabChosen', tab: 0 },
            { type: 'pay.tabChosen', tab: 2 },
            { type: 'pay.tabChosen', tab: 1 },
          ],
    'pay.packageChosen': (snapshot) => [
      ...(CATEGORIES[contextOf(snapshot).tab]?.packageList ?? []).map((item) => ({ type: 'pay.packageChosen', packageId: item.id })),
      // Not in this tab: ignored.
      { type: 'pay.packageChosen', packageId: 'dub-hours' },
    ],
    'pay.methodChosen': [
      { type: 'pay.methodChosen', payType: 'aliPay' },
      { type: 'pay.methodChosen', payType: 'paypalV2Pay' },
    ],
    'xstate.done.actor.loadCatalogue': (snapshot) =>
      catalogueFailsFor(contextOf(snapshot).source) ? [] : [{ type: 'xstate.done.actor.loadCatalogue', output: catalogueFor(contextOf(snapshot).tab) }],
    'xstate.error.actor.loadCatalogue': (snapshot) =>
      catalogueFailsFor(contextOf(snapshot).source) ? [{ type: 'xstate.error.actor.loadCatalogue', error: LOAD_FAILURE }] : [],
    'xstate.done.actor.createOrder': (snapshot) => {
      const { packageId, payType } = contextOf(snapshot);
      return orderErrorFor(packageId ?? '') ? [] : [{ type: 'xstate.done.actor.createOrder', output: orderFor({ packageId: packageId ?? '', payType }) }];
    },
    'xstate.error.actor.createOrder': (snapshot) => {
      const error = orderErrorFor(contextOf(snapshot).packageId ?? '');
      return error ? [{ type: 'xstate.error.actor.createOrder', error }] : [];
    },
    'pay.status': (snapshot) => {
      const outTradeNo = contextOf(snapshot).order?.outTradeNo ?? '';
      if (outTradeNo.startsWith('order-svip-year') || outTradeNo.startsWith('order-dub-hours')) return [{ type: 'pay.status', status: 'paid' }];
      if (outTradeNo.startsWith('order-svip-month')) return [{ type: 'pay.status', status: 'closed' }];
      return [];
    },
  },
  produced: ['pay.status'],
  serializeContext: (context: PaymentContext) => ({
    source: context.source,
    tab: context.tab,
    packageId: context.packageId,
    payType: context.payType,
    order: context.order?.outTradeNo ?? null,
    categories: context.categories.length,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
};
