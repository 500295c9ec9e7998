import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { deviceSession } from './device-session';
import type { SessionState, SessionStore } from './session-state';

export * from './session-state';
export {
  BRANCH_COOKIE,
  createDeviceSession,
  DELIVERY_COOKIE,
  DELIVERY_TO_KEY,
  deviceSession,
  SCHEDULED_KEY,
  STORAGE_KEY,
  type CookieJar,
  type DeviceSession,
} from './device-session';

/**
 * The session store a render reads (decision 066): the server renders each page with a store of
 * its own (entry-server.tsx), the browser with the tab's one (main.tsx), each through
 * `SessionProvider`. Outside a provider, the tab's.
 */
const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return createElement(SessionContext.Provider, { value: store }, children);
}

/** This tab's store, for code that runs outside a render (handlers, effects, the API client): only ever in the browser. */
const tab: Omit<StoreApi<SessionState>, 'getInitialState'> = {
  getState: () => deviceSession().getState(),
  setState: ((...args: Parameters<StoreApi<SessionState>['setState']>) =>
    deviceSession().setState(...args)) as StoreApi<SessionState>['setState'],
  subscribe: (listener) => deviceSession().subscribe(listener),
};

/**
 * The session hook: `useSession(selector)` reads the provided store (while React hydrates a
 * server-rendered page, the session the server rendered with); `useSession.getState()`,
 * `setState` and `subscribe` are the tab's store, for code outside a render.
 */
export const useSession = Object.assign(function useSessionSelector<T>(
  selector: (state: SessionState) => T,
): T {
  const store = useContext(SessionContext) ?? deviceSession();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.renderedState()),
  );
}, tab);
