// The purchase dialog's frame (features §4 Purchase): any page, and any call answered 92505000/1/3,
// opens it on a tab; closing it resets the tab to 0. The dialog is loaded the first time it opens
// so /login does not carry it. The packages, payment methods and QR polling inside it are the
// purchase issue's; they will be invoked from the `open` state.
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface PurchaseDialogContext {
  tab: number;
  /** Whether the dialog was ever opened (its code is fetched then, not before). */
  everOpened: boolean;
}

export type PurchaseDialogEvent = { type: 'purchase.open'; tab?: number } | { type: 'purchase.close' } | { type: 'purchase.tabChanged'; tab: number };

/** The spec's category tabs are indexed from 0; anything else opens the first. */
const tabOf = (tab: number | undefined) => (tab !== undefined && Number.isInteger(tab) && tab >= 0 ? tab : 0);

export const purchaseDialogMachine = setup({
  types: {
    context: {} as PurchaseDialogContext,
    events: {} as PurchaseDialogEvent,
  },
}).createMachine({
  id: 'purchaseDialog',
  context: { tab: 0, everOpened: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'purchase.open': { target: 'open', actions: assign({ tab: ({ event }) => tabOf(event.tab), everOpened: true }) },
      },
    },
    open: {
      on: {
        // A second request while open moves to the asked tab (e.g. a 92505003 from another call).
        'purchase.open': { actions: assign({ tab: ({ event }) => tabOf(event.tab) }) },
        'purchase.tabChanged': { actions: assign({ tab: ({ event }) => tabOf(event.tab) }) },
        'purchase.close': { target: 'closed', actions: assign({ tab: 0 }) },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof purchaseDialogMachine>;

export const selectPurchaseOpen = (snapshot: Snapshot) => snapshot.matches('open');
export const selectPurchaseTab = (snapshot: Snapshot) => snapshot.context.tab;
export const selectPurchaseEverOpened = (snapshot: Snapshot) => snapshot.context.everOpened;
