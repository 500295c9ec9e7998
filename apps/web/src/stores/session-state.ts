import { isDeliveryOrder, type Branch, type ModifierGroup } from '@comanda/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isRecord } from '@/lib/is-record';

/**
 * The customer's session as data and rules: its fields (product.md «Entities», the `storage`
 * key), the checks a stored value goes through, and `createSessionStore`, one store of it. The
 * browser makes one store per tab, restored from the device (device-session.ts); the server one
 * per page it renders (server-session.ts). Neither is a module singleton here (decision 066).
 */

/** product.md «Order type and delivery»: the neighbourhood a delivery goes to, and the saved address when one was picked. */
export interface DeliveryTo {
  neighbourhood: string;
  address_id: number | null;
}

export interface SessionUser {
  id?: number;
  email: string;
  name?: string;
}

/**
 * product.md «Entities»: 'domicilio' or 'delivery-takeout' (chosen on the landing), 2 (a pickup branch was
 * chosen), 1 (delivery chosen through the header logic: the title then names no branch).
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
  /**
   * The customer's note for the kitchen («Sin cebolla», decision 085): part of what the line is,
   * so the same product with another note is another line. Absent in carts stored before notes.
   */
  note?: string;
}

/** product.md «States and transitions»: order type on the home screen, 1 Recoger (default), 2 Domicilio. Not persisted. */
export type OrderType = 1 | 2;
export const ORDER_TYPE = { pickup: 1, delivery: 2 } as const;

/**
 * product.md «Order type and delivery»: whether the stored `delivery` says the customer is having
 * their order brought to them ('domicilio', or 1 from older clients).
 */
export function orderTypeOf(delivery: Delivery | null): OrderType {
  return isDeliveryOrder({ delivery }) ? ORDER_TYPE.delivery : ORDER_TYPE.pickup;
}

/** What the stored delivery becomes when the customer switches the order type. */
export function deliveryFor(
  type: OrderType,
  current: Delivery | null,
  hasBranch: boolean,
): Delivery {
  if (type === ORDER_TYPE.delivery) return 'domicilio';
  // Pickup: at the chosen branch (2), or still to choose one ('delivery-takeout').
  if (hasBranch) return 2;
  return current === 2 ? current : 'delivery-takeout';
}

/** A branch chosen in a delivery flow keeps it a delivery (1 from older clients becomes 'domicilio'); any other choice is a pickup branch. */
export function deliveryAfterBranch(current: Delivery | null): Delivery {
  return isDeliveryOrder({ delivery: current }) ? 'domicilio' : 2;
}

/**
 * product.md «Order ahead»: a slot chosen before checkout (on the menu's delivery line) at one
 * branch, with the words it was shown with. Checkout shows the order's time again before it is
 * placed; a slot already past when the app starts is forgotten.
 */
export interface ScheduledChoice {
  branchId: number;
  /** The slot's start (ISO instant). */
  slot: string;
  /** "Programado para hoy a las 20:00". */
  label: string;
}

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
  /** Where the delivery goes; null until the address step answered (or for pickup). */
  deliveryTo: DeliveryTo | null;
  /** The address step's answer: the place, and the branch that serves it (unchanged when not given); the order becomes a delivery. */
  chooseDeliveryTo: (deliveryTo: DeliveryTo, branch?: Branch) => void;
  /** A slot chosen before checkout, or null for as soon as possible. */
  scheduled: ScheduledChoice | null;
  chooseScheduled: (scheduled: ScheduledChoice | null) => void;
  /** The place is no longer valid (an address deleted, a zone gone): ask again. */
  forgetDeliveryTo: () => void;
  login: (accessToken: string, user: SessionUser) => void;
  /** product.md «States and transitions»: logout removes the stored token and the whole stored session. */
  logout: () => void;
  setDelivery: (delivery: Delivery | null) => void;
  /**
   * product.md «Order type and delivery»: choosing a branch never changes what the customer chose
   * to do. In a delivery flow `delivery` stays `'domicilio'`; otherwise the branch is a pickup
   * branch (delivery 2).
   */
  chooseBranch: (branch: Branch) => void;
  /** The customer chose Recoger or Domicilio (landing, menu toggle, checkout): the type and the stored delivery follow. */
  chooseOrderType: (orderType: OrderType) => void;
  /** product.md «States and transitions»: adding puts the item at the front. */
  addToCart: (item: CartItem) => void;
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

/** The stored place, when well-formed; anything else reads as none. */
export function sanitizeDeliveryTo(value: unknown): DeliveryTo | null {
  if (
    !isRecord(value) ||
    typeof value.neighbourhood !== 'string' ||
    value.neighbourhood.trim() === ''
  )
    return null;
  const id = value.address_id;
  return {
    neighbourhood: value.neighbourhood.slice(0, 120),
    address_id: typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null,
  };
}

/**
 * The stored slot while it is still ahead; anything else reads as none. Only the slot is checked:
 * it is all checkout sends, and the server checks it again. A hand-edited branch or label only
 * changes what the menu's line shows.
 */
export const sanitizeScheduled = (value: unknown, now = Date.now()): ScheduledChoice | null =>
  isRecord(value) && Date.parse(value.slot as string) > now
    ? (value as unknown as ScheduledChoice)
    : null;

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

/** What a store starts from: the persisted fields and the device's own keys, as restored. */
export type SessionData = PersistedSession & Pick<SessionState, 'deliveryTo' | 'scheduled'>;

type SetSession = StoreApi<SessionState>['setState'];

/** The session's transitions (product.md «States and transitions»), on the store `set` writes. */
function sessionActions(set: SetSession): Omit<SessionState, keyof SessionData | 'orderType'> {
  return {
    chooseScheduled: (scheduled) => set({ scheduled }),
    login: (accessToken, user) => set({ access_token: accessToken, user, loggedIn: true }),
    logout: () =>
      set({ ...initialSession, orderType: ORDER_TYPE.pickup, deliveryTo: null, scheduled: null }),
    chooseDeliveryTo: (deliveryTo, branch) =>
      set((state) => ({
        deliveryTo,
        branch: branch ?? state.branch,
        delivery: 'domicilio',
        orderType: ORDER_TYPE.delivery,
      })),
    forgetDeliveryTo: () => set({ deliveryTo: null }),
    setDelivery: (delivery) => set({ delivery, orderType: orderTypeOf(delivery) }),
    chooseBranch: (branch) =>
      set((state) => ({
        branch,
        delivery: deliveryAfterBranch(state.delivery),
        orderType: orderTypeOf(deliveryAfterBranch(state.delivery)),
      })),
    chooseOrderType: (orderType) =>
      set((state) => ({
        orderType,
        delivery: deliveryFor(orderType, state.delivery, state.branch !== null),
      })),
    addToCart: (item) => set((state) => ({ cart: [item, ...state.cart] })),
    clearCart: () => set({ cart: [] }),
    replaceCart: (cart) => set({ cart }),
  };
}

/** A session store holding `data` (the defaults where it holds nothing). */
export function createSessionStore(data: Partial<SessionData> = {}): StoreApi<SessionState> {
  return createStore<SessionState>()((set) => ({
    ...initialSession,
    deliveryTo: null,
    scheduled: null,
    ...data,
    // Not stored, so it is read back from what is: a reload, a new tab or the next day finds the
    // order type the customer chose.
    orderType: orderTypeOf(data.delivery ?? null),
    ...sessionActions(set),
  }));
}

/**
 * What the server knows of the order type (docs/decisions/030): a delivery, and the
 * neighbourhood it goes to when one is chosen; `null` is a pickup. Mirrored in a cookie beside
 * the branch, so the first paint of /menu already says "Domicilio a …".
 */
export interface ServerDelivery {
  neighbourhood: string | null;
}

/**
 * The session as the server knew it when it rendered a page (docs/decisions/030), beside the
 * `device`'s: the chain's defaults, logged out, an empty cart, the branch the `comanda_branch`
 * cookie names and the order type (and neighbourhood) the `comanda_delivery` cookie says. The
 * server renders with it, and the browser hydrates with it, so the first paint and the hydrated
 * page agree; React then re-renders what reads the device's own session (the cart, the login).
 */
export function renderedSession(
  device: SessionState,
  branch: Branch | null,
  delivery: ServerDelivery | null,
): SessionState {
  // Where the device holds the same value, the view holds the device's own object: a selector
  // then returns the very same thing from both, and React has nothing to render again, all at
  // once, right after hydrating (on a phone, that pass was the longest task of the page's load).
  const own = <T>(value: T, onDevice: T) =>
    JSON.stringify(value) === JSON.stringify(onDevice) ? onDevice : value;
  return {
    ...device,
    ...initialSession,
    branch: own(branch, device.branch),
    cart: own(initialSession.cart, device.cart),
    // A branch in the cookie and no delivery: a pickup there, which the device stores as 2.
    delivery: delivery ? 'domicilio' : branch ? 2 : null,
    orderType: delivery ? ORDER_TYPE.delivery : ORDER_TYPE.pickup,
    deliveryTo: own(
      delivery?.neighbourhood ? { neighbourhood: delivery.neighbourhood, address_id: null } : null,
      device.deliveryTo,
    ),
    // The device's own: the server cannot know it.
    scheduled: null,
  };
}

/**
 * A session store as React reads it: the store, and what a render reads while it hydrates a page
 * the server rendered (and on the server, where it is the store's own state).
 */
export interface SessionStore extends StoreApi<SessionState> {
  renderedState(): SessionState;
}

/** The session store of one server render: the session the page is rendered for, nothing more. */
export function createServerSession(
  branch: Branch | null,
  delivery: ServerDelivery | null = null,
): SessionStore {
  const store = createSessionStore();
  store.setState(renderedSession(store.getState(), branch, delivery), true);
  return { ...store, renderedState: store.getState };
}
