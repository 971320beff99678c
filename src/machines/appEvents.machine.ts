// What the app-wide API client tells the app apart from any one call's result (toasts, session
// expiry, the purchase dialog): its event stream invoked as an actor and each event re-emitted as
// `api.event`, so the root route listens to an actor rather than holding the client's stream.
import { emit, fromEventObservable, setup } from 'xstate';
import { map, type Observable } from 'rxjs';
import { apiEvents$ } from '../api/app-events';
import type { ApiEvent } from '../api/types';

export type AppEventsEmitted = { type: 'api.event'; event: ApiEvent };

export const appEventsMachine = setup({
  types: {
    context: {} as { events$: Observable<ApiEvent> },
    events: {} as { type: 'api.event'; event: ApiEvent },
    emitted: {} as AppEventsEmitted,
    input: {} as { events$?: Observable<ApiEvent> } | undefined,
  },
  actors: {
    apiEvents: fromEventObservable<{ type: 'api.event'; event: ApiEvent }, { events$: Observable<ApiEvent> }>(({ input }) =>
      input.events$.pipe(map((event) => ({ type: 'api.event' as const, event }))),
    ),
  },
}).createMachine({
  id: 'appEvents',
  // Tests give their own stream; the app listens to the one client.
  context: ({ input }) => ({ events$: input?.events$ ?? apiEvents$ }),
  invoke: { src: 'apiEvents', input: ({ context }) => ({ events$: context.events$ }) },
  on: { 'api.event': { actions: emit(({ event }) => ({ type: 'api.event' as const, event: event.event })) } },
});
