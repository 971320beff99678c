// The app bus: the one app-level actor that carries what one area tells the others, so no area
// holds another's actor or React context. A sender sends a message; the bus emits it to every
// subscriber of that type (`bus.on('records.changed', …)`), in the order sent. It also carries what
// the app-wide API client tells the app apart from any one call's result (toasts, session expiry,
// the purchase dialog): the client's event stream is invoked here and each event re-emitted as
// `api.event`; a refused call's purchase dialog request also comes out as the bus's `purchase.open`,
// so the dialog hears one message whoever asked. The shell (src/routes/root.route.tsx) runs the one
// bus, registered in its actor system as APP_BUS_SYSTEM_ID, and hands it to React below it.
import { emit, enqueueActions, fromEventObservable, setup } from 'xstate';
import { map, type Observable } from 'rxjs';
import { apiEvents$ } from '../api/app-events';
import type { ApiEvent } from '../api/types';
import type { PurchaseTab } from '../shared/contract/purchase-tabs';

export const APP_BUS_SYSTEM_ID = 'appBus';

/** What one area tells the others. */
export type AppMessage =
  /** Records were added (an upload submitted, dubbing started) or their server-written names changed: lists read again. */
  | { type: 'records.changed' }
  /** A folder was created, renamed, moved or deleted (its records move or are renamed with it). */
  | { type: 'folders.changed' }
  /** Open the purchase dialog, on the named tab (else the selPayIndex query's, else the stored one). */
  | { type: 'purchase.open'; tab?: PurchaseTab }
  /** A payment went through (features §4): pages re-read what it paid for. */
  | { type: 'purchase.paid'; outTradeNo: string; packageId: string };

export type AppMessageType = AppMessage['type'];
export type AppMessageOf<T extends AppMessageType> = Extract<AppMessage, { type: T }>;

export type AppApiEvent = { type: 'api.event'; event: ApiEvent };
export type AppBusEmitted = AppMessage | AppApiEvent;

export const appBusMachine = setup({
  types: {
    context: {} as { events$: Observable<ApiEvent> },
    events: {} as AppMessage | AppApiEvent,
    emitted: {} as AppBusEmitted,
    input: {} as { events$?: Observable<ApiEvent> } | undefined,
  },
  actors: {
    apiEvents: fromEventObservable<AppApiEvent, { events$: Observable<ApiEvent> }>(({ input }) =>
      input.events$.pipe(map((event) => ({ type: 'api.event' as const, event }))),
    ),
  },
  actions: {
    deliver: emit(({ event }) => event as AppMessage),
    announceApiEvent: enqueueActions(({ event, enqueue }) => {
      const { event: apiEvent } = event as AppApiEvent;
      enqueue.emit({ type: 'api.event', event: apiEvent });
      if (apiEvent.type === 'purchase.open') enqueue.emit({ type: 'purchase.open', tab: apiEvent.tab });
    }),
  },
}).createMachine({
  id: 'appBus',
  // Tests give their own stream; the app listens to the one client.
  context: ({ input }) => ({ events$: input?.events$ ?? apiEvents$ }),
  invoke: { src: 'apiEvents', input: ({ context }) => ({ events$: context.events$ }) },
  on: {
    'api.event': { actions: 'announceApiEvent' },
    'records.changed': { actions: 'deliver' },
    'folders.changed': { actions: 'deliver' },
    'purchase.open': { actions: 'deliver' },
    'purchase.paid': { actions: 'deliver' },
  },
});
