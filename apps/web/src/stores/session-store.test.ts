import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from './session-store';

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

/** A fresh store module reading the given localStorage, as on a cold app start. */
async function startApp(storage: ReturnType<typeof fakeLocalStorage>) {
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  return import('./session-store');
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
  open_now: true,
  accepting_orders: true,
  resumes_at: null,
  prep_minutes: 20,
  delivery: { available: true, neighbourhoods: [] },
};

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storage session (spec §3, §4)', () => {
  it("writes exactly the spec's fields under the 'storage' key", async () => {
    const storage = fakeLocalStorage();
    const { useSession } = await startApp(storage);
    useSession.getState().login('tok-123', { email: 'cliente@comanda.test' });

    const saved = JSON.parse(storage.getItem('storage') ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(saved.state).sort()).toEqual(['access_token', 'branch', 'cart', 'delivery', 'loggedIn', 'user']);
    expect(saved.state).toMatchObject({
      access_token: 'tok-123',
      loggedIn: true,
      user: { email: 'cliente@comanda.test' },
    });
  });

  it('restores the session on start', async () => {
    const storage = fakeLocalStorage({
      storage: JSON.stringify({
        state: { access_token: 't', user: { email: 'a@b.co' }, loggedIn: true, branch, delivery: 2, cart: [line()] },
        version: 0,
      }),
    });
    const { useSession } = await startApp(storage);
    const state = useSession.getState();
    expect(state.loggedIn).toBe(true);
    expect(state.user?.email).toBe('a@b.co');
    expect(state.branch?.title).toBe('Campiña');
    expect(state.delivery).toBe(2);
    expect(state.cart).toHaveLength(1);
  });

  it('starts clean from a corrupt or hand-edited storage instead of crashing', async () => {
    const storage = fakeLocalStorage({
      storage: JSON.stringify({
        state: { access_token: 42, user: 'x', loggedIn: true, branch: 'Centro', delivery: 7, cart: [{ nope: 1 }, line()] },
        version: 0,
      }),
    });
    const { useSession } = await startApp(storage);
    const state = useSession.getState();
    expect(state.access_token).toBeNull();
    expect(state.loggedIn).toBe(false);
    expect(state.user).toBeNull();
    expect(state.branch).toBeNull();
    expect(state.delivery).toBeNull();
    expect(state.cart.map((item) => item._id)).toEqual(['a']);
  });

  it('stores a chosen pickup branch with delivery 2', async () => {
    const { useSession } = await startApp(fakeLocalStorage());
    useSession.getState().choosePickupBranch(branch);
    expect(useSession.getState()).toMatchObject({ branch: { title: 'Campiña' }, delivery: 2 });
  });

  it('puts new cart items first, reprices on quantity change and drops a line at 0', async () => {
    const { useSession } = await startApp(fakeLocalStorage());
    const { addToCart, setQuantity } = useSession.getState();
    addToCart(line({ _id: 'a' }));
    addToCart(line({ _id: 'b', price: 5000, total: 5000 }));
    expect(useSession.getState().cart.map((item) => item._id)).toEqual(['b', 'a']);

    setQuantity('b', 3);
    expect(useSession.getState().cart[0]).toMatchObject({ quantity: 3, total: 15000 });

    setQuantity('a', 0);
    expect(useSession.getState().cart.map((item) => item._id)).toEqual(['b']);
  });

  it('replaces the whole cart at once and stores it', async () => {
    const storage = fakeLocalStorage();
    const { useSession } = await startApp(storage);
    useSession.getState().addToCart(line({ _id: 'a' }));
    useSession.getState().addToCart(line({ _id: 'b' }));
    useSession.getState().replaceCart([line({ _id: 'b', price: 21000, total: 21000 })]);

    expect(useSession.getState().cart).toEqual([line({ _id: 'b', price: 21000, total: 21000 })]);
    const saved = JSON.parse(storage.getItem('storage') ?? '{}') as { state: { cart: CartItem[] } };
    expect(saved.state.cart.map((item) => [item._id, item.price])).toEqual([['b', 21000]]);
  });

  it('logs out: the token and the whole stored session go', async () => {
    const storage = fakeLocalStorage();
    const { useSession } = await startApp(storage);
    useSession.getState().login('t', { email: 'a@b.co' });
    useSession.getState().addToCart(line());
    useSession.getState().logout();

    const saved = JSON.parse(storage.getItem('storage') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toEqual({
      access_token: null,
      user: null,
      loggedIn: false,
      branch: null,
      delivery: null,
      cart: [],
    });
  });
});
