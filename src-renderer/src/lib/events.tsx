import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { FfdeskClient, ServiceEvent } from '../../../src-service/client';

type Listener = (event: ServiceEvent) => void;

/** One `/v1/events` stream for the whole app, fanned out to the screens that listen. */
export function createEventHub(client: FfdeskClient, onUnauthorized: () => void) {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<() => void>();
  let isConnected = false;
  const ac = new AbortController();
  void client.subscribeEvents({
    signal: ac.signal,
    onUnauthorized,
    onEvent: (e) => listeners.forEach((l) => l(e)),
    onStatus: ({ connected }) => {
      isConnected = connected;
      statusListeners.forEach((l) => l());
    },
  });
  return {
    listen(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    watchStatus(l: () => void): () => void {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    isConnected: () => isConnected,
    close: () => ac.abort(),
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

const HubContext = createContext<EventHub | null>(null);

export function EventHubProvider({ hub, children }: { hub: EventHub; children: ReactNode }) {
  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

/** The hub itself, for code that waits on an event outside a component's lifetime. */
export function useEventHub(): EventHub {
  return useHub();
}

function useHub(): EventHub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('event hooks outside <EventHubProvider>');
  return hub;
}

/** Calls `onEvent` for every service event while the component is mounted. */
export function useServiceEvents(onEvent: Listener): void {
  const hub = useHub();
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => hub.listen((e) => ref.current(e)), [hub]);
}

export function useEventsConnected(): boolean {
  const hub = useHub();
  return useSyncExternalStore(hub.watchStatus, hub.isConnected);
}
