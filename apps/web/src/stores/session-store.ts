import { lineTotal, type Branch, type ModifierGroup } from '@comanda/shared';
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { availableStorage, readStored, WRAPPED_VERSION, writeFlat } from './flat-storage';

/**
 * The customer's session on this device: product.md «Entities» `storage` key in localStorage, holding
 * exactly its fields at the top level (see flat-storage.ts). Restored synchronously when the
 * module loads (product.md «States and transitions» "App start").
 */

export const STORAGE_KEY = 'storage';

export interface SessionUser {
  id?: number;
  email: string;
  name?: string;
}

/**
 * product.md «Entities»: 'domicilio' or 'delivery-takeout' (chosen on the landing), 2 (a pickup branch was
 * chosen), 1 (delivery chosen through the header logic: the title then reads SELECCIONE).
 */
export type Delivery = 'domicilio' | 'delivery-takeout' | 1 | 2;

/** product.md «Entities» cart item; `modifier_group` carries each option's `selected` flag as chosen. */
export interface CartItem {
  /** Client-generated: two lines of the same product with different options differ here. */
  _id: string;
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string;
  price: number;
  quantity: number;
  total: number;
  favorite: { id: number } | null;
  modifier_group: ModifierGroup[];
}

/** product.md «States and transitions»: order type on the home screen, 1 Recoger (default), 2 Domicilio. Not persisted. */
export type OrderType = 1 | 2;
export const ORDER_TYPE = { pickup: 1, delivery: 2 } as const;

export interface PersistedSession {
  access_token: string | null;
  user: SessionUser | null;
  loggedIn: boolean;
  branch: Branch | null;
  delivery: Delivery | null;
  cart: CartItem[];
}

export interface SessionState extends PersistedSession {
  orderType: OrderType;
  login: (accessToken: string, user: SessionUser) => void;
  /** product.md «States and transitions»: logout removes the stored token and the whole stored session. */
  logout: () => void;
  setDelivery: (delivery: Delivery | null) => void;
  /** product.md «States and transitions»: selecting a pickup branch stores the branch with delivery 2. */
  choosePickupBranch: (branch: Branch) => void;
  setOrderType: (orderType: OrderType) => void;
  /** product.md «States and transitions»: adding puts the item at the front. */
  addToCart: (item: CartItem) => void;
  /** product.md «States and transitions»: quantity 0 removes the item. */
  setQuantity: (cartId: string, quantity: number) => void;
  clearCart: () => void;
  /** Swaps the whole cart at once, e.g. after re-pricing it for a newly chosen branch. */
  replaceCart: (cart: CartItem[]) => void;
}

export const initialSession: PersistedSession = {
  access_token: null,
  user: null,
  loggedIn: false,
  branch: null,
  delivery: null,
  cart: [],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * localStorage is user-editable and outlives releases: keep only well-formed fields, so a
 * hand-edited or stale value can never crash the app on start.
 */
export function sanitize(persisted: unknown): Partial<PersistedSession> {
  if (!isRecord(persisted)) return {};
  const out: Partial<PersistedSession> = {};
  const { access_token, user, loggedIn, branch, delivery, cart } = persisted;
  if (typeof access_token === 'string' || access_token === null) out.access_token = access_token;
  if (user === null || (isRecord(user) && typeof user.email === 'string')) {
    out.user = user as SessionUser | null;
  }
  if (typeof loggedIn === 'boolean') out.loggedIn = loggedIn && typeof access_token === 'string';
  if (branch === null || (isRecord(branch) && typeof branch.title === 'string')) {
    out.branch = branch as Branch | null;
  }
  if (
    delivery === null ||
    delivery === 'domicilio' ||
    delivery === 'delivery-takeout' ||
    delivery === 1 ||
    delivery === 2
  ) {
    out.delivery = delivery;
  }
  if (Array.isArray(cart)) {
    out.cart = cart.filter(
      (line): line is CartItem =>
        isRecord(line) &&
        typeof line._id === 'string' &&
        typeof line.quantity === 'number' &&
        typeof line.price === 'number' &&
        Array.isArray(line.modifier_group),
    );
  }
  return out;
}

const storage = availableStorage(() => localStorage);
const stored = readStored(storage?.getItem(STORAGE_KEY) ?? null);

/** Only the contract's fields go to the device; actions and the order type do not. */
const persisted = ({
  access_token,
  user,
  loggedIn,
  branch,
  delivery,
  cart,
}: SessionState): PersistedSession => ({
  access_token,
  user,
  loggedIn,
  branch,
  delivery,
  cart,
});

// Restored synchronously while this module loads (the helpers above are already defined), and
// saved by hand on every change rather than with zustand's persist middleware: the store needs
// no more, and the middleware was 0.8 KB of every first load.
const store = createStore<SessionState>()((set) => ({
  ...initialSession,
  ...(stored ? sanitize(stored.state) : {}),
  orderType: ORDER_TYPE.pickup,
  login: (accessToken, user) => set({ access_token: accessToken, user, loggedIn: true }),
  logout: () => set({ ...initialSession }),
  setDelivery: (delivery) => set({ delivery }),
  choosePickupBranch: (branch) => set({ branch, delivery: 2 }),
  setOrderType: (orderType) => set({ orderType }),
  addToCart: (item) => set((state) => ({ cart: [item, ...state.cart] })),
  setQuantity: (cartId, quantity) =>
    set((state) => ({
      cart:
        quantity <= 0
          ? state.cart.filter((line) => line._id !== cartId)
          : state.cart.map((line) =>
              line._id === cartId ? { ...line, quantity, total: lineTotal(line, quantity) } : line,
            ),
    })),
  clearCart: () => set({ cart: [] }),
  replaceCart: (cart) => set({ cart }),
}));

/**
 * The session as the server knew it when it rendered the page (docs/decisions/030): the chain's
 * defaults, logged out, an empty cart, and the branch the `comanda_branch` cookie names. The
 * server renders with it, and the browser hydrates with it, so the first paint and the hydrated
 * page agree; React then re-renders what reads the device's own session (the cart, the login).
 * `null` (a page the server did not render): the device's session from the start.
 */
let serverView: SessionState | null = null;

/** Sets the session the server rendered with (the server per render, the browser before hydrating). */
export function setServerSession(branch: Branch | null): void {
  // The order type is not stored: the store starts on the server's choice (Recoger) as it is.
  serverView = { ...store.getState(), ...initialSession, branch };
}

/**
 * The session hook: `useSession(selector)`, plus the store's `getState`, `setState` and
 * `subscribe`. While React hydrates server HTML (and on the server) it reads `serverView`.
 */
export const useSession = Object.assign(
  <T>(selector: (state: SessionState) => T): T =>
    useSyncExternalStore(
      store.subscribe,
      () => selector(store.getState()),
      () => selector(serverView ?? store.getState()),
    ),
  store,
);

/**
 * The branch the server may render with, mirrored in a cookie whenever it changes: the only part
 * of the session the server sees. "SELECCIONE" (delivery 1) names no branch.
 */
export const BRANCH_COOKIE = 'comanda_branch';
function mirrorBranch({ branch, delivery }: PersistedSession) {
  if (typeof document === 'undefined') return;
  const id = branch && delivery !== 1 ? branch.id : '';
  // No branch: an empty value that expires at once.
  document.cookie = `${BRANCH_COOKIE}=${id};path=/;samesite=lax;max-age=${id && 31536000}`;
}

// A value in the old wrapper is written back flat at once.
if (stored?.version === WRAPPED_VERSION)
  writeFlat(storage, STORAGE_KEY, persisted(store.getState()));
// A session stored before the cookie existed gets it now, so the next page is rendered with it.
if (stored) mirrorBranch(persisted(store.getState()));
store.subscribe((state, previous) => {
  // The order type is not stored: choosing it writes nothing.
  const next = persisted(state);
  const before = persisted(previous);
  if ((Object.keys(next) as (keyof PersistedSession)[]).every((key) => next[key] === before[key]))
    return;
  writeFlat(storage, STORAGE_KEY, next);
  if (next.branch !== before.branch || next.delivery !== before.delivery) mirrorBranch(next);
});
