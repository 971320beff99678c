// @vitest-environment node
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiEvent } from '../api/types';
import { APP_BUS_SYSTEM_ID, appBusMachine, type AppMessage } from './appBus.machine';

const startBus = (events$ = new Subject<ApiEvent>()) => createActor(appBusMachine, { input: { events$ }, systemId: APP_BUS_SYSTEM_ID }).start();

describe('appBus machine', () => {
  it('re-emits every event of the client as api.event, in order, until stopped', () => {
    const events$ = new Subject<ApiEvent>();
    const actor = createActor(appBusMachine, { input: { events$ } }).start();
    const seen: ApiEvent[] = [];
    actor.on('api.event', ({ event }) => seen.push(event));
    events$.next({ type: 'session.expired' });
    events$.next({ type: 'purchase.open', tab: 'duration' });
    actor.stop();
    events$.next({ type: 'session.expired' });
    expect(seen).toEqual([{ type: 'session.expired' }, { type: 'purchase.open', tab: 'duration' }]);
  });

  it('delivers each message to every subscriber of its type, and to no other', () => {
    const bus = startBus();
    const heard: Record<string, AppMessage[]> = { first: [], second: [], paid: [], folders: [] };
    bus.on('records.changed', (message) => heard.first!.push(message));
    bus.on('records.changed', (message) => heard.second!.push(message));
    bus.on('purchase.paid', (message) => heard.paid!.push(message));
    bus.on('folders.changed', (message) => heard.folders!.push(message));
    bus.send({ type: 'records.changed' });
    bus.send({ type: 'purchase.paid', outTradeNo: 'o1', packageId: 'svip-month' });
    bus.send({ type: 'records.changed' });
    expect(heard.first).toEqual([{ type: 'records.changed' }, { type: 'records.changed' }]);
    expect(heard.second).toEqual(heard.first);
    expect(heard.paid).toEqual([{ type: 'purchase.paid', outTradeNo: 'o1', packageId: 'svip-month' }]);
    expect(heard.folders).toEqual([]);
    bus.send({ type: 'folders.changed' });
    expect(heard.folders).toEqual([{ type: 'folders.changed' }]);
  });

  it('stops delivering to a subscriber that unsubscribed', () => {
    const bus = startBus();
    const heard: AppMessage[] = [];
    const subscription = bus.on('folders.changed', (message) => heard.push(message));
    bus.send({ type: 'folders.changed' });
    subscription.unsubscribe();
    bus.send({ type: 'folders.changed' });
    expect(heard).toHaveLength(1);
  });

  it('carries purchase.open with its named tab, or none, from a page and from a refused call alike', () => {
    const events$ = new Subject<ApiEvent>();
    const bus = startBus(events$);
    const opened: AppMessage[] = [];
    bus.on('purchase.open', (message) => opened.push(message));
    bus.send({ type: 'purchase.open', tab: 'dubbing' });
    bus.send({ type: 'purchase.open' });
    // A 92505003 answer: the client's event asks for the dialog on the entitlement tab.
    events$.next({ type: 'purchase.open', tab: 'duration' });
    // Toasts and session expiry are no purchase requests.
    events$.next({ type: 'session.expired' });
    expect(opened).toEqual([{ type: 'purchase.open', tab: 'dubbing' }, { type: 'purchase.open' }, { type: 'purchase.open', tab: 'duration' }]);
  });

  it('is registered in its actor system under APP_BUS_SYSTEM_ID', () => {
    const bus = startBus();
    expect(bus.system.get(APP_BUS_SYSTEM_ID)).toBe(bus);
  });
});
