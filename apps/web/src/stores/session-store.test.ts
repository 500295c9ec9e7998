import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createDeviceSession,
  ORDER_TYPE,
  sanitizeDeliveryTo,
  sanitizeScheduled,
  SessionProvider,
  useSession as useSessionHook,
  type CartItem,
  type CookieJar,
  type DeviceSession,
  type SessionState,
} from './session-store';
import { setQuantity } from './cart-quantity';

/** A Map-backed localStorage: the test environment is Node, which has none. */
function fakeLocalStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}

/** A fresh device store reading the given localStorage, as on a cold app start. */
function startApp(storage: ReturnType<typeof fakeLocalStorage>, jar?: CookieJar) {
  return { useSession: createDeviceSession(storage, jar) };
}

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  _id: 'a',
  id: 1,
  slug: 'hamburguesa-clasica',
  title: 'Hamburguesa clásica',
  description: '',
  image: '/images/products/hamburguesa.webp',
  price: 20000,
  quantity: 1,
  total: 20000,
  favorite: null,
  modifier_group: [],
  ...overrides,
});

const branch = {
  id: 3,
  slug: 'campina',
  title: 'Campiña',
  address: 'Calle 1 # 2-3',
  phone: '6011234567',
  city: 'Bogotá',
  opening_hours: [],
  opening_exceptions: [],
  open_now: true,
  accepting_orders: true,
  resumes_at: null,
  closed: null,
  prep_minutes: 20,
  rush_minutes: 0,
  eta: { pickup: [20, 30] as [number, number] },
  pickup: { available: true },
  delivery: { available: true, neighbourhoods: [], zones: [] },
};

/** What the `storage` key holds right now, parsed. */
const stored = (storage: ReturnType<typeof fakeLocalStorage>) =>
  JSON.parse(storage.getItem('storage') ?? 'null') as Record<string, unknown>;

const SESSION_FIELDS = ['access_token', 'branch', 'cart', 'delivery', 'loggedIn', 'user'];

describe('the storage session (product.md «Entities, States and transitions»)', () => {
  it("writes exactly the contract's fields at the top level of the 'storage' key", () => {
    const storage = fakeLocalStorage();
    const { useSession } = startApp(storage);
    useSession.getState().login('tok-123', { email: 'cliente@comanda.test' });
    useSession.getState().addToCart(line());

    const saved = stored(storage);
    expect(Object.keys(saved).sort()).toEqual(SESSION_FIELDS);
    expect(saved).toMatchObject({
      access_token: 'tok-123',
      loggedIn: true,
      user: { email: 'cliente@comanda.test' },
      branch: null,
      delivery: null,
      cart: [line()],
    });
  });

  it('restores the session on start', () => {
    const storage = fakeLocalStorage({
      storage: JSON.stringify({
        access_token: 't',
        user: { email: 'a@b.co' },
        loggedIn: true,
        branch,
        delivery: 2,
        cart: [line()],
      }),
    });
    const { useSession } = startApp(storage);
    const state = useSession.getState();
    expect(state.loggedIn).toBe(true);
    expect(state.access_token).toBe('t');
    expect(state.user?.email).toBe('a@b.co');
    expect(state.branch?.title).toBe('Campiña');
    expect(state.delivery).toBe(2);
    expect(state.cart).toEqual([line()]);
  });

  it('reads the wrapped shape of earlier releases once and rewrites it flat, cart included', () => {
    const storage = fakeLocalStorage({
      storage: JSON.stringify({
        state: {
          access_token: 't',
          user: { email: 'a@b.co' },
          loggedIn: true,
          branch,
          delivery: 2,
          cart: [line({ _id: 'kept' })],
        },
        version: 0,
      }),
    });
    const { useSession } = startApp(storage);
    expect(useSession.getState()).toMatchObject({
      access_token: 't',
      loggedIn: true,
      delivery: 2,
      branch: { title: 'Campiña' },
    });
    expect(useSession.getState().cart.map((item) => item._id)).toEqual(['kept']);

    // Rewritten on load, before the customer touches anything.
    const saved = stored(storage);
    expect(Object.keys(saved).sort()).toEqual(SESSION_FIELDS);
    expect(saved).toMatchObject({
      access_token: 't',
      loggedIn: true,
      delivery: 2,
      cart: [line({ _id: 'kept' })],
    });

    // And the next start reads the flat value as it is.
    const again = startApp(storage);
    expect(again.useSession.getState().cart.map((item) => item._id)).toEqual(['kept']);
  });

  it.each([
    ['not JSON', '{"access_token": "t", '],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[1, 2]'],
    ['a wrapper around a string', '{"state": "x", "version": 0}'],
  ])(
    'ignores a stored value that is %s, starting signed out, and overwrites it on the next change',
    (_what, raw) => {
      const storage = fakeLocalStorage({ storage: raw });
      const { useSession } = startApp(storage);
      expect(useSession.getState()).toMatchObject({
        access_token: null,
        loggedIn: false,
        user: null,
        branch: null,
        delivery: null,
        cart: [],
      });

      useSession.getState().addToCart(line());
      expect(Object.keys(stored(storage)).sort()).toEqual(SESSION_FIELDS);
      expect(stored(storage).cart).toEqual([line()]);
    },
  );

  it('starts clean from hand-edited fields instead of crashing, flat or wrapped', () => {
    const edited = {
      access_token: 42,
      user: 'x',
      loggedIn: true,
      branch: 'Centro',
      delivery: 7,
      cart: [{ nope: 1 }, line()],
    };
    for (const value of [edited, { state: edited, version: 0 }]) {
      const { useSession } = startApp(fakeLocalStorage({ storage: JSON.stringify(value) }));
      const state = useSession.getState();
      expect(state.access_token).toBeNull();
      expect(state.loggedIn).toBe(false);
      expect(state.user).toBeNull();
      expect(state.branch).toBeNull();
      expect(state.delivery).toBeNull();
      expect(state.cart.map((item) => item._id)).toEqual(['a']);
    }
  });

  it('stores a branch chosen outside a delivery flow as a pickup branch, delivery 2', () => {
    for (const before of [null, 'delivery-takeout', 2] as const) {
      const { useSession } = startApp(
        fakeLocalStorage({ storage: JSON.stringify({ delivery: before }) }),
      );
      useSession.getState().chooseBranch(branch);
      expect(useSession.getState()).toMatchObject({
        branch: { title: 'Campiña' },
        delivery: 2,
        orderType: 1,
      });
    }
  });

  it('keeps a delivery flow a delivery when a branch is chosen in it, and a reload finds it so', () => {
    for (const before of ['domicilio', 1] as const) {
      const storage = fakeLocalStorage({ storage: JSON.stringify({ delivery: before }) });
      const { useSession } = startApp(storage);
      expect(useSession.getState().orderType).toBe(2);
      useSession.getState().chooseBranch(branch);
      expect(useSession.getState()).toMatchObject({
        branch: { title: 'Campiña' },
        delivery: 'domicilio',
        orderType: 2,
      });
      expect(JSON.parse(storage.getItem('storage') ?? '{}')).toMatchObject({
        delivery: 'domicilio',
      });

      const reloaded = startApp(storage);
      expect(reloaded.useSession.getState()).toMatchObject({
        delivery: 'domicilio',
        orderType: 2,
        branch: { id: 3 },
      });
    }
  });

  it('moves the order type and the stored delivery together when the customer switches', () => {
    const storage = fakeLocalStorage();
    const { useSession } = startApp(storage);
    useSession.getState().chooseOrderType(2);
    expect(useSession.getState()).toMatchObject({ orderType: 2, delivery: 'domicilio' });
    useSession.getState().chooseOrderType(1);
    // No branch yet: pickup starts at the pickup list's value.
    expect(useSession.getState()).toMatchObject({ orderType: 1, delivery: 'delivery-takeout' });
    useSession.getState().chooseBranch(branch);
    useSession.getState().chooseOrderType(2);
    useSession.getState().chooseOrderType(1);
    expect(useSession.getState()).toMatchObject({ orderType: 1, delivery: 2 });
    expect(JSON.parse(storage.getItem('storage') ?? '{}')).not.toHaveProperty('orderType');
  });

  it('keeps where a delivery goes under its own key, never inside storage, and drops it on logout', () => {
    const storage = fakeLocalStorage();
    const { useSession } = startApp(storage);
    useSession.getState().chooseDeliveryTo({ neighbourhood: 'Mazurén', address_id: 7 }, branch);
    expect(useSession.getState()).toMatchObject({
      delivery: 'domicilio',
      orderType: 2,
      branch: { id: 3 },
    });
    expect(JSON.parse(storage.getItem('comanda:delivery-to') ?? 'null')).toEqual({
      neighbourhood: 'Mazurén',
      address_id: 7,
    });
    expect(Object.keys(JSON.parse(storage.getItem('storage') ?? '{}')).sort()).toEqual([
      'access_token',
      'branch',
      'cart',
      'delivery',
      'loggedIn',
      'user',
    ]);

    const reloaded = startApp(storage);
    expect(reloaded.useSession.getState().deliveryTo).toEqual({
      neighbourhood: 'Mazurén',
      address_id: 7,
    });
    reloaded.useSession.getState().logout();
    expect(storage.getItem('comanda:delivery-to')).toBeNull();
  });

  it('reads a hand-edited place as none, or keeps only what is well-formed', () => {
    expect(sanitizeDeliveryTo({ neighbourhood: '  ', address_id: 1 })).toBeNull();
    expect(sanitizeDeliveryTo('Mazurén')).toBeNull();
    expect(sanitizeDeliveryTo({ neighbourhood: 'Niza', address_id: -4 })).toEqual({
      neighbourhood: 'Niza',
      address_id: null,
    });
    expect(sanitizeDeliveryTo({ neighbourhood: 'Niza', address_id: 12 })).toEqual({
      neighbourhood: 'Niza',
      address_id: 12,
    });
  });

  it('keeps a slot chosen before checkout across a reload while it is ahead, and forgets it on logout', () => {
    const storage = fakeLocalStorage();
    const app = startApp(storage);
    const slot = new Date(Date.now() + 3 * 3600_000).toISOString();
    const choice = { branchId: 3, slot, label: 'Programado para hoy a las 20:00' };
    app.useSession.getState().chooseScheduled(choice);
    expect(JSON.parse(storage.getItem('comanda:scheduled') ?? 'null')).toEqual(choice);
    // Under a key of its own: the contract's `storage` key is not written for it.
    expect(storage.getItem('storage')).toBeNull();

    const reloaded = startApp(storage);
    expect(reloaded.useSession.getState().scheduled).toEqual(choice);
    reloaded.useSession.getState().logout();
    expect(storage.getItem('comanda:scheduled')).toBeNull();
  });

  it('reads a slot already past, or not a time, as none', () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const storage = fakeLocalStorage({
      'comanda:scheduled': JSON.stringify({ branchId: 3, slot: past, label: 'x' }),
    });
    const { useSession } = startApp(storage);
    expect(useSession.getState().scheduled).toBeNull();
    const ahead = new Date(Date.now() + 60_000).toISOString();
    expect(sanitizeScheduled({ branchId: 3, slot: 'mañana', label: 'x' })).toBeNull();
    expect(sanitizeScheduled({ branchId: 3, label: 'x' })).toBeNull();
    expect(sanitizeScheduled(ahead)).toBeNull();
    expect(sanitizeScheduled({ branchId: 3, slot: ahead, label: 'x' })).toEqual({
      branchId: 3,
      slot: ahead,
      label: 'x',
    });
  });

  it('starts on Recoger after a logout, with nothing stored', () => {
    const { useSession } = startApp(
      fakeLocalStorage({ storage: JSON.stringify({ delivery: 'domicilio' }) }),
    );
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ orderType: 1, delivery: null });
  });

  it('puts new cart items first, reprices on quantity change and drops a line at 0', () => {
    const { useSession } = startApp(fakeLocalStorage());
    const { addToCart } = useSession.getState();
    addToCart(line({ _id: 'a' }));
    addToCart(line({ _id: 'b', price: 5000, total: 5000 }));
    expect(useSession.getState().cart.map((item) => item._id)).toEqual(['b', 'a']);

    setQuantity('b', 3, useSession);
    expect(useSession.getState().cart[0]).toMatchObject({ quantity: 3, total: 15000 });

    setQuantity('a', 0, useSession);
    expect(useSession.getState().cart.map((item) => item._id)).toEqual(['b']);
  });

  it('replaces the whole cart at once and stores it', () => {
    const storage = fakeLocalStorage();
    const { useSession } = startApp(storage);
    useSession.getState().addToCart(line({ _id: 'a' }));
    useSession.getState().addToCart(line({ _id: 'b' }));
    useSession.getState().replaceCart([line({ _id: 'b', price: 21000, total: 21000 })]);

    expect(useSession.getState().cart).toEqual([line({ _id: 'b', price: 21000, total: 21000 })]);
    const saved = stored(storage) as { cart: CartItem[] };
    expect(saved.cart.map((item) => [item._id, item.price])).toEqual([['b', 21000]]);
  });

  it('logs out: the token and the whole stored session go', () => {
    const storage = fakeLocalStorage();
    const { useSession } = startApp(storage);
    useSession.getState().login('t', { email: 'a@b.co' });
    useSession.getState().addToCart(line());
    useSession.getState().logout();

    expect(stored(storage)).toEqual({
      access_token: null,
      user: null,
      loggedIn: false,
      branch: null,
      delivery: null,
      cart: [],
    });
  });
});

describe('what the server renders with (docs/decisions/030)', () => {
  /** A `document` whose `cookie` keeps each name's last write, as a browser does. */
  function fakeDocument() {
    const jar = new Map<string, string>();
    return {
      jar,
      document: {
        get cookie() {
          return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        },
        set cookie(written: string) {
          const [pair = '', ...attributes] = written.split(';');
          const [name = '', value = ''] = pair.split('=');
          if (attributes.some((attribute) => attribute.trim() === 'max-age=0')) jar.delete(name);
          else jar.set(name, value);
        },
      },
    };
  }

  it('mirrors the branch and a delivery, with its neighbourhood, in cookies; a pickup has no delivery cookie', () => {
    const { jar, document } = fakeDocument();
    const { useSession } = startApp(fakeLocalStorage(), document);
    useSession.getState().chooseBranch(branch);
    expect(Object.fromEntries(jar)).toEqual({ comanda_branch: '3' });

    useSession.getState().chooseOrderType(ORDER_TYPE.delivery);
    expect(Object.fromEntries(jar)).toEqual({ comanda_branch: '3', comanda_delivery: '' });
    useSession.getState().chooseDeliveryTo({ neighbourhood: 'Fontibón', address_id: 7 });
    expect(jar.get('comanda_delivery')).toBe(encodeURIComponent('Fontibón'));

    useSession.getState().chooseOrderType(ORDER_TYPE.pickup);
    expect(Object.fromEntries(jar)).toEqual({ comanda_branch: '3' });
  });

  it('gives a delivery stored before the cookies existed its cookies at start', () => {
    const { jar, document } = fakeDocument();
    startApp(
      fakeLocalStorage({
        storage: JSON.stringify({
          access_token: null,
          user: null,
          loggedIn: false,
          branch,
          delivery: 'domicilio',
          cart: [],
        }),
        'comanda:delivery-to': JSON.stringify({ neighbourhood: 'Fontibón', address_id: null }),
      }),
      document,
    );
    expect(Object.fromEntries(jar)).toEqual({
      comanda_branch: '3',
      comanda_delivery: encodeURIComponent('Fontibón'),
    });
  });

  /**
   * What `useSession(select)` gives while React renders with the server's snapshot (as when it
   * hydrates a server-rendered page), beside what it gives from the device's own session.
   */
  function snapshots<T>(
    session: Record<string, unknown>,
    server: (store: DeviceSession) => void,
    select: (state: SessionState) => T,
    otherKeys: Record<string, string> = {},
  ) {
    const store = createDeviceSession(
      fakeLocalStorage({ storage: JSON.stringify(session), ...otherKeys }),
      undefined,
    );
    server(store);
    let rendered: T | undefined;
    const Probe = () => {
      rendered = useSessionHook(select);
      return null;
    };
    renderToString(createElement(SessionProvider, { store, children: createElement(Probe) }));
    return { rendered, device: select(store.getState()) };
  }

  const pickupAt = {
    access_token: null,
    user: null,
    loggedIn: false,
    branch,
    delivery: 2,
    cart: [],
  };

  it('hydrates with the device’s own objects where they hold what the server rendered, so nothing renders again', () => {
    // The server's copy of the branch: equal, not the same object.
    const sameBranch = snapshots(
      pickupAt,
      (m) => m.hydrateAs(structuredClone(branch)),
      (state) => state.branch,
    );
    expect(sameBranch.rendered).toBe(sameBranch.device);
    const cart = snapshots(
      pickupAt,
      (m) => m.hydrateAs(branch),
      (s) => s.cart,
    );
    expect(cart.rendered).toBe(cart.device);
    // A branch in the cookie and no delivery is a pickup there: 2, as the device stores it.
    const delivery = snapshots(
      pickupAt,
      (m) => m.hydrateAs(branch),
      (s) => s.delivery,
    );
    expect(delivery).toEqual({ rendered: 2, device: 2 });
  });

  it('hydrates with the device’s own delivery place where it is the one the cookie names', () => {
    const deliveringTo = (place: { neighbourhood: string; address_id: number | null }) =>
      snapshots(
        { ...pickupAt, delivery: 'domicilio' },
        (m) => m.hydrateAs(branch, { neighbourhood: 'Niza' }),
        (s) => s.deliveryTo,
        { 'comanda:delivery-to': JSON.stringify(place) },
      );
    const same = deliveringTo({ neighbourhood: 'Niza', address_id: null });
    expect(same.rendered).toEqual({ neighbourhood: 'Niza', address_id: null });
    expect(same.rendered).toBe(same.device);
    // A saved address there: the cookie names only the neighbourhood, so the page keeps that.
    const saved = deliveringTo({ neighbourhood: 'Niza', address_id: 7 });
    expect(saved.rendered).toEqual({ neighbourhood: 'Niza', address_id: null });
    expect(saved.device).toEqual({ neighbourhood: 'Niza', address_id: 7 });
  });

  it('hydrates with what the server rendered where the device holds something else', () => {
    // The device's copy is older (the branch was renamed since): the page keeps the server's.
    const renamed = { ...branch, title: 'Campiña Norte' };
    const stale = snapshots(
      pickupAt,
      (m) => m.hydrateAs(renamed),
      (s) => s.branch,
    );
    expect(stale.rendered).toEqual(renamed);
    expect(stale.device?.title).toBe('Campiña');
    const withCart = snapshots(
      { ...pickupAt, cart: [line()] },
      (m) => m.hydrateAs(branch),
      (s) => s.cart,
    );
    expect(withCart.rendered).toEqual([]);
    expect(withCart.device).toHaveLength(1);
  });
});
