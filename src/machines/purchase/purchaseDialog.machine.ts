// The purchase dialog (features §2, §4 Purchase): any page, and any call answered 92505000/1/3,
// opens it on a tab; the initial tab is the one asked for, else the selPayIndex query, else the
// stored tab index. While open it runs one payment (payment.machine.ts) as its child: closing stops
// the child, and so the polling, and resets the stored tab to 0. When the child ends paid the
// dialog announces it (a success notice and `purchase.paid`, on which the app re-reads the
// entitlements) and closes by itself. The dialog's code is loaded the first time it opens so /login
// does not carry it.
import { assign, emit, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PayType } from '../../api/purchase/get-qr-pay';
import type { Notice } from '../notice';
import { paymentMachine, type PaymentOutput } from './payment.machine';

export interface PurchaseDialogContext {
  tab: number;
  /** Whether the dialog was ever opened (its code is fetched then, not before). */
  everOpened: boolean;
}

export type PurchaseDialogEvent =
  | { type: 'purchase.open'; tab?: number; queryTab?: number | null }
  | { type: 'purchase.close' }
  | { type: 'purchase.tabChanged'; tab: number }
  | { type: 'pay.packageChosen'; packageId: string }
  | { type: 'pay.methodChosen'; payType: PayType }
  | { type: 'pay.retry' };

export type PurchasePaid = { type: 'purchase.paid' } & PaymentOutput;
export type PurchaseDialogEmitted = Notice | PurchasePaid;

export const PURCHASE_PAID_KEY = 'purchase:paid';

/** The spec's category tabs are indexed from 0; anything else is no tab. */
const tabOrNull = (tab: number | null | undefined) => (tab !== undefined && tab !== null && Number.isInteger(tab) && tab >= 0 ? tab : null);

/** features §4: the asked tab, else the selPayIndex query, else the stored tab index. */
export function openingTab(stored: number, event: { tab?: number; queryTab?: number | null }): number {
  return tabOrNull(event.tab) ?? tabOrNull(event.queryTab) ?? stored;
}

export const purchaseDialogMachine = setup({
  types: {
    context: {} as PurchaseDialogContext,
    events: {} as PurchaseDialogEvent,
    emitted: {} as PurchaseDialogEmitted,
  },
  actors: { payment: paymentMachine },
  actions: {
    // The view's choices inside the dialog go to the running payment as they are.
    forward: sendTo('payment', ({ event }) => event),
    resetTab: assign({ tab: 0 }),
    announcePaid: emit((_, output: PaymentOutput): PurchasePaid => ({ type: 'purchase.paid', ...output })),
    noticePaid: emit((): Notice => ({ type: 'notice', level: 'success', messageKey: PURCHASE_PAID_KEY })),
  },
}).createMachine({
  id: 'purchaseDialog',
  context: { tab: 0, everOpened: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'purchase.open': { target: 'open', actions: assign({ tab: ({ context, event }) => openingTab(context.tab, event), everOpened: true }) },
      },
    },
    open: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => ({ source: 1 as const, tab: context.tab }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'announcePaid', params: ({ event }) => event.output }, 'noticePaid', 'resetTab'],
        },
      },
      on: {
        // A second request while open moves the payment to the asked tab (e.g. a 92505003 from
        // another call). The stored tab stays the one the dialog opened on: it is reset on close.
        'purchase.open': {
          guard: ({ event }) => tabOrNull(event.tab) !== null,
          actions: sendTo('payment', ({ event }) => ({ type: 'pay.tabChosen' as const, tab: event.tab ?? 0 })),
        },
        'purchase.tabChanged': {
          guard: ({ event }) => tabOrNull(event.tab) !== null,
          actions: sendTo('payment', ({ event }) => ({ type: 'pay.tabChosen' as const, tab: event.tab })),
        },
        'pay.packageChosen': { actions: 'forward' },
        'pay.methodChosen': { actions: 'forward' },
        'pay.retry': { actions: 'forward' },
        'purchase.close': { target: 'closed', actions: 'resetTab' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof purchaseDialogMachine>;

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

export const selectPurchaseOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectPurchaseTab = (snapshot: Snapshot) => snapshot.context.tab;
export const selectPurchaseEverOpened = (snapshot: Snapshot) => snapshot.context.everOpened;
/** The running payment while the dialog is open; the view renders its state. */
export const selectPaymentActor = (snapshot: Snapshot) => (snapshot.children as { payment?: PaymentActor }).payment ?? null;
