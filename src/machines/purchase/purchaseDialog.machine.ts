// The purchase dialog (features §2, §4 Purchase): any page, and any call answered 92505000/1/3,
// opens it on a named tab (src/shared/contract/purchase-tabs.ts); the initial tab is the one asked
// for, else the selPayIndex query's position, else the stored tab index. While open it runs one payment (payment.machine.ts) as its child `payment`:
// closing stops the child, and so the polling, and resets the stored tab to 0. When the child ends
// paid the dialog announces it (a success notice and `purchase.paid`, on which the app re-reads
// the entitlements) and closes by itself.
// The payment's code (machine, api calls, polling) is fetched the first time the dialog opens and
// spawned from there, so /login, which holds this machine, does not carry it.
import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { PayType } from '../../api/purchase/get-qr-pay';
import { purchaseTabIndex, type PurchaseTab } from '../../shared/contract/purchase-tabs';
import type { Notice } from '../notice';
import type { PaymentInput, PaymentOutput, paymentMachine } from './payment.machine';

export interface PurchaseDialogContext {
  /** The open tab's position (the view's tabs and the selPayIndex query count positions). */
  tab: number;
  /** Whether the dialog was ever opened (its code is fetched then, not before). */
  everOpened: boolean;
  /** False under BILLING=off (the permissions answer billing:false): nothing opens it then. */
  offered: boolean;
}

export type PurchaseDialogEvent =
  /** `tab` names the tab a caller wants; `queryTab` is the selPayIndex query's position. */
  | { type: 'purchase.open'; tab?: PurchaseTab; queryTab?: number | null }
  | { type: 'purchase.offered'; offered: boolean }
  | { type: 'purchase.close' }
  | { type: 'purchase.tabChanged'; tab: number }
  | { type: 'pay.packageChosen'; packageId: string }
  | { type: 'pay.methodChosen'; payType: PayType }
  | { type: 'pay.retry' }
  | { type: 'xstate.done.actor.payment'; output: PaymentOutput };

export type PurchasePaid = { type: 'purchase.paid' } & PaymentOutput;
export type PurchaseDialogEmitted = Notice | PurchasePaid;

export const PURCHASE_PAID_KEY = 'purchase:paid';
export const PURCHASE_LOAD_FAILED_KEY = 'purchase:dialogLoadFailed';
/** The payment runs as this child; the view reads it by this id. */
export const PAYMENT_CHILD_ID = 'payment';

/** The spec's category tabs are indexed from 0; anything else is no tab. */
const tabOrNull = (tab: number | null | undefined) => (tab !== undefined && tab !== null && Number.isInteger(tab) && tab >= 0 ? tab : null);

/** features §4: the asked tab, else the selPayIndex query, else the stored tab index. */
export function openingTab(stored: number, event: { tab?: number; queryTab?: number | null }): number {
  return tabOrNull(event.tab) ?? tabOrNull(event.queryTab) ?? stored;
}

/** The position a `purchase.open` or `purchase.tabChanged` asks for (undefined: none named). */
const askedTab = (event: PurchaseDialogEvent): number | undefined => {
  if (event.type === 'purchase.tabChanged') return event.tab;
  return event.type === 'purchase.open' && event.tab !== undefined ? purchaseTabIndex(event.tab) : undefined;
};

const openingTabOf = (stored: number, event: PurchaseDialogEvent): number =>
  event.type === 'purchase.open' ? openingTab(stored, { tab: askedTab(event), queryTab: event.queryTab }) : stored;

export const purchaseDialogMachine = setup({
  types: {
    context: {} as PurchaseDialogContext,
    events: {} as PurchaseDialogEvent,
    emitted: {} as PurchaseDialogEmitted,
  },
  actors: {
    // The tab travels with the request only so test doubles can answer per scenario. The app gives
    // the real loader (root.route.tsx): a dynamic import there shares the entry's preload helper,
    // where one here would split it into a chunk of its own on /login.
    loadPayment: fromPromise<AnyActorLogic, { tab: number }>(async () => {
      throw new Error('purchaseDialog: provide loadPayment');
    }),
  },
  actions: {
    resetTab: assign({ tab: 0 }),
    // The view's choices inside the dialog go to the running payment as they are. (Child actions go
    // through enqueueActions, which the entry bundle already holds: sendTo and stopChild would add
    // their own code to /login.)
    forward: enqueueActions(({ event, enqueue }) => enqueue.sendTo(PAYMENT_CHILD_ID, event)),
    chooseTab: enqueueActions(({ event, enqueue }) => {
      const tab = tabOrNull(askedTab(event));
      if (tab !== null) enqueue.sendTo(PAYMENT_CHILD_ID, { type: 'pay.tabChosen', tab });
    }),
    startPayment: enqueueActions(({ context, enqueue }, logic: AnyActorLogic) => {
      const input: PaymentInput = { source: 1, tab: context.tab };
      // Logic fetched at run time is not one of setup's actors, whose typing forbids it an id; the
      // id is what the view and `forward` address it by.
      const spawnFetched = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { id: string; input: PaymentInput }) => void;
      spawnFetched(logic, { id: PAYMENT_CHILD_ID, input });
    }),
    stopPayment: enqueueActions(({ enqueue }) => enqueue.stopChild(PAYMENT_CHILD_ID)),
    announcePaid: emit(({ event }): PurchasePaid => ({ type: 'purchase.paid', ...(event as { output: PaymentOutput }).output })),
    noticePaid: emit((): Notice => ({ type: 'notice', level: 'success', messageKey: PURCHASE_PAID_KEY })),
    noticeLoadFailed: emit((): Notice => ({ type: 'notice', level: 'error', messageKey: PURCHASE_LOAD_FAILED_KEY })),
  },
}).createMachine({
  id: 'purchaseDialog',
  context: { tab: 0, everOpened: false, offered: true },
  initial: 'closed',
  on: { 'purchase.offered': { actions: assign({ offered: ({ event }) => event.offered }) } },
  states: {
    closed: {
      on: {
        'purchase.open': { guard: ({ context }) => context.offered, target: 'open', actions: assign({ tab: ({ context, event }) => openingTabOf(context.tab, event), everOpened: true }) },
      },
    },
    open: {
      initial: 'loadingCode',
      exit: 'stopPayment',
      on: { 'purchase.close': { target: 'closed', actions: 'resetTab' } },
      states: {
        loadingCode: {
          invoke: {
            id: 'loadPayment',
            src: 'loadPayment',
            input: ({ context }) => ({ tab: context.tab }),
            onDone: { target: 'running', actions: { type: 'startPayment', params: ({ event }) => event.output } },
            // The code could not be fetched (offline, a new deployment): said so, and closed.
            onError: { target: '#purchaseDialog.closed', actions: ['noticeLoadFailed', 'resetTab'] },
          },
          // Asked again before the code arrives: the payment starts on the newest tab.
          on: { 'purchase.open': { actions: assign({ tab: ({ context, event }) => openingTabOf(context.tab, event) }) } },
        },
        running: {
          on: {
            // A second request while open moves the payment to the asked tab (e.g. a 92505003 from
            // another call). The stored tab stays the one the dialog opened on: it is reset on close.
            'purchase.open': { actions: 'chooseTab' },
            'purchase.tabChanged': { actions: 'chooseTab' },
            'pay.packageChosen': { actions: 'forward' },
            'pay.methodChosen': { actions: 'forward' },
            'pay.retry': { actions: 'forward' },
            'xstate.done.actor.payment': { target: '#purchaseDialog.closed', actions: ['announcePaid', 'noticePaid', 'resetTab'] },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof purchaseDialogMachine>;

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

export const selectPurchaseOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectPurchaseTab = (snapshot: Snapshot) => snapshot.context.tab;
export const selectPurchaseOffered = (snapshot: Snapshot) => snapshot.context.offered;
export const selectPurchaseEverOpened = (snapshot: Snapshot) => snapshot.context.everOpened;
/** The running payment while the dialog is open; the view renders its state. */
export const selectPaymentActor = (snapshot: Snapshot) => ((snapshot.children as Record<string, unknown>)[PAYMENT_CHILD_ID] as PaymentActor | undefined) ?? null;
