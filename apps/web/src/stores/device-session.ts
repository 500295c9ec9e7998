import type { Branch } from '@comanda/shared';
import {
  createSessionStore,
  initialSession,
  ORDER_TYPE,
  orderTypeOf,
  renderedSession,
  sanitize,
  sanitizeDeliveryTo,
  sanitizeScheduled,
  type PersistedSession,
  type ServerDelivery,
  type SessionState,
  type SessionStore,
} from './session-state';
// After session-state: imported first, the shared is-record module became a chunk of its own on
// every first load (84 bytes gzipped and a request; `npm run bench:web`).
import { availableStorage, readStored, WRAPPED_VERSION, writeFlat } from './flat-storage';

/**
 * The browser's session store: restored synchronously from the device when the app starts
 * (product.md «States and transitions» "App start"), and saved back and mirrored in cookies on
 * every change. One per tab, made by main.tsx through `deviceSession()`.
 */

export const STORAGE_KEY = 'storage';
/**
 * Where a delivery goes (the neighbourhood, and the saved address when logged in), kept under a
 * key of its own: `storage` holds exactly the contract's six fields.
 */
export const DELIVERY_TO_KEY = 'comanda:delivery-to';
/** The slot chosen before checkout (`ScheduledChoice`), under a key of its own too. */
export const SCHEDULED_KEY = 'comanda:scheduled';

/**
 * What the server may render with, mirrored in cookies whenever it changes: the only parts of
 * the session the server sees. The branch (delivery 1 names none); and, for a
 * delivery, the neighbourhood it goes to (empty while none is chosen). No cookie: no branch, a
 * pickup.
 */
export const BRANCH_COOKIE = 'comanda_branch';
export const DELIVERY_COOKIE = 'comanda_delivery';
const YEAR_SECONDS = 31536000;

/** Where cookies are written: the page's `document`, or none (a test, the server). */
export interface CookieJar {
  cookie: string;
}

function mirrorSession(
  jar: CookieJar | undefined,
  { branch, delivery, deliveryTo }: Pick<SessionState, 'branch' | 'delivery' | 'deliveryTo'>,
) {
  if (!jar) return;
  const setCookie = (name: string, value: string | null) => {
    // No value: an empty one that expires at once.
    jar.cookie = `${name}=${value ?? ''};path=/;samesite=lax;max-age=${value === null ? 0 : YEAR_SECONDS}`;
  };
  setCookie(BRANCH_COOKIE, branch && delivery !== 1 ? String(branch.id) : null);
  setCookie(
    DELIVERY_COOKIE,
    orderTypeOf(delivery) === ORDER_TYPE.delivery
      ? encodeURIComponent(deliveryTo?.neighbourhood ?? '')
      : null,
  );
}

/** The contract's fields, in `initialSession`'s order: only they go to the device. */
const PERSISTED_KEYS = Object.keys(initialSession) as (keyof PersistedSession)[];
/** What the cookies mirror. */
const MIRRORED_KEYS = ['branch', 'delivery', 'deliveryTo'] as const;

/** The state's contract fields; actions and the order type are not stored. */
const persisted = (state: SessionState) =>
  Object.fromEntries(PERSISTED_KEYS.map((key) => [key, state[key]])) as unknown as PersistedSession;

/** A key of its own written, or removed when the value is gone. */
function keep(storage: Storage | undefined, key: string, value: unknown) {
  if (value) writeFlat(storage, key, value);
  else {
    try {
      storage?.removeItem(key);
    } catch {
      // Blocked storage: nothing was written either.
    }
  }
}

/** Saves every change to the device, by hand rather than with zustand's persist middleware: the store needs no more, and the middleware was 0.8 KB of every first load. */
function saveChanges(
  store: SessionStore,
  storage: Storage | undefined,
  jar: CookieJar | undefined,
) {
  store.subscribe((state, previous) => {
    const changed = (keys: readonly (keyof SessionState)[]) =>
      keys.some((key) => state[key] !== previous[key]);
    if (changed(MIRRORED_KEYS)) mirrorSession(jar, state);
    if (state.deliveryTo !== previous.deliveryTo) keep(storage, DELIVERY_TO_KEY, state.deliveryTo);
    if (state.scheduled !== previous.scheduled) keep(storage, SCHEDULED_KEY, state.scheduled);
    // The order type is not stored: choosing it writes nothing.
    if (changed(PERSISTED_KEYS)) writeFlat(storage, STORAGE_KEY, persisted(state));
  });
}

/** The device's session store, with the page's rendered session to hydrate with once it is known. */
export interface DeviceSession extends SessionStore {
  /**
   * Sets the session the server rendered the page with (main.tsx, before hydrating): what
   * renders read until React has hydrated (docs/decisions/030).
   */
  hydrateAs(branch: Branch | null, delivery?: ServerDelivery | null): void;
}

/**
 * A session store restored from `storage` (none: in memory only) and saved back to it, its
 * branch and order type mirrored in `jar`'s cookies.
 */
export function createDeviceSession(
  storage: Storage | undefined,
  jar: CookieJar | undefined,
): DeviceSession {
  const stored = readStored(storage?.getItem(STORAGE_KEY) ?? null);
  const restoredState = (key: string): unknown => readStored(storage?.getItem(key) ?? null)?.state;
  const store = createSessionStore({
    ...(stored ? sanitize(stored.state) : {}),
    deliveryTo: sanitizeDeliveryTo(restoredState(DELIVERY_TO_KEY)),
    scheduled: sanitizeScheduled(restoredState(SCHEDULED_KEY)),
  });
  // `null` (a page the server did not render): the device's session from the start.
  let rendered: SessionState | null = null;
  const session: DeviceSession = {
    ...store,
    renderedState: () => rendered ?? store.getState(),
    hydrateAs: (branch, delivery = null) => {
      rendered = renderedSession(store.getState(), branch, delivery);
    },
  };
  // A value in the old wrapper is written back flat at once.
  if (stored?.version === WRAPPED_VERSION)
    writeFlat(storage, STORAGE_KEY, persisted(store.getState()));
  // A session stored before the cookies existed gets them now, so the next page is rendered with them.
  if (stored) mirrorSession(jar, store.getState());
  saveChanges(session, storage, jar);
  return session;
}

let device: DeviceSession | undefined;

/** This tab's session store, made on first use from the browser's localStorage and cookies. */
export function deviceSession(): DeviceSession {
  device ??= createDeviceSession(
    availableStorage(() => localStorage),
    typeof document === 'undefined' ? undefined : document,
  );
  return device;
}
