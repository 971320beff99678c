import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { purchaseDialogMachine, selectPurchaseEverOpened, selectPurchaseOpen, selectPurchaseTab } from './purchaseDialog.machine';

describe('purchaseDialog machine', () => {
  it('stays unloaded until first opened, opens on the asked tab and resets to tab 0 on close', () => {
    const actor = createActor(purchaseDialogMachine).start();
    expect(selectPurchaseEverOpened(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'purchase.open', tab: 2 });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(true);
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'purchase.close' });
    expect(selectPurchaseOpen(actor.getSnapshot())).toBe(false);
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
    expect(selectPurchaseEverOpened(actor.getSnapshot())).toBe(true);
  });

  it('moves to the tab a second request asks for while open, and ignores a close while closed', () => {
    const actor = createActor(purchaseDialogMachine).start();
    actor.send({ type: 'purchase.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'purchase.open' });
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'purchase.open', tab: 2 });
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'purchase.tabChanged', tab: 1 });
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(1);
  });

  it('opens the first tab for a tab that is not a tab index', () => {
    const actor = createActor(purchaseDialogMachine).start();
    actor.send({ type: 'purchase.open', tab: -3 });
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'purchase.tabChanged', tab: 1.5 });
    expect(selectPurchaseTab(actor.getSnapshot())).toBe(0);
  });
});
