// The app bus (src/machines/appBus.machine.ts) for React: the root route runs the one bus and
// provides it here; any page or dialog sends on it (useAppBus().send) and hears a message type while
// mounted (useAppMessage). The context only hands the actor down the tree — the messages themselves
// travel on the actor, never through React state.
import { useActorRef } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { APP_BUS_SYSTEM_ID, appBusMachine, type AppMessageOf, type AppMessageType } from '../../machines/appBus.machine';

export type AppBusActor = ActorRefFrom<typeof appBusMachine>;

const AppBusContext = createContext<AppBusActor | null>(null);

function RunningBus({ children }: { children: ReactNode }) {
  const actor = useActorRef(appBusMachine, { input: {}, systemId: APP_BUS_SYSTEM_ID });
  return <AppBusContext.Provider value={actor}>{children}</AppBusContext.Provider>;
}

/** Runs the app's one bus; tests may pass one they created to send and listen on it themselves. */
export function AppBusProvider({ actor, children }: { actor?: AppBusActor; children: ReactNode }) {
  if (actor) return <AppBusContext.Provider value={actor}>{children}</AppBusContext.Provider>;
  return <RunningBus>{children}</RunningBus>;
}

export function useAppBus(): AppBusActor {
  const actor = useContext(AppBusContext);
  if (!actor) throw new Error('useAppBus needs an AppBusProvider above it (the root route runs one)');
  return actor;
}

/** Calls `listener` with every `type` message on the bus while the calling component is mounted. */
export function useAppMessage<T extends AppMessageType>(type: T, listener: (message: AppMessageOf<T>) => void): void {
  const bus = useAppBus();
  // The newest listener is called, without subscribing again on every render.
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const subscription = bus.on(type, (message) => latest.current(message as AppMessageOf<T>));
    return () => subscription.unsubscribe();
  }, [bus, type]);
}

interface ReloadTarget {
  send(event: { type: 'list.reload' }): void;
}

/** A record list (or the home page's newest records) reads again whenever records change elsewhere. */
export function useReloadWhenRecordsChange(list: ReloadTarget): void {
  useAppMessage('records.changed', () => list.send({ type: 'list.reload' }));
}

/** A stable callback telling every record list that records changed elsewhere (dubbing started tasks). */
export function useTellRecordsChanged(): () => void {
  const bus = useAppBus();
  return useCallback(() => bus.send({ type: 'records.changed' }), [bus]);
}
