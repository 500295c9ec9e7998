import {
  MESSAGES,
  confirmCartAnswer,
  productResponse,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { testConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { emptyInMemoryDatabase } from '../helpers/database';
import { openAllDay } from '../helpers/ordering';
import { confirmCart, connected, listen, next, openSocket } from '../helpers/sockets';

let t: TestApp;
let url: string;
const token: Record<'customer' | 'staff' | 'campina' | 'admin', string> = {
  customer: '',
  staff: '',
  campina: '',
  admin: '',
};
let branchId: Record<'campina' | 'chico' | 'terminal', number>;
let customerId: number;
const sockets: Socket[] = [];

async function login(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  token.customer = await login('cliente@comanda.test');
  token.staff = await login('staff@comanda.test');
  token.campina = await login('campina@comanda.test');
  token.admin = await login('admin@comanda.test');
  const branches = await t.database.db.selectFrom('branches').select(['id', 'slug']).execute();
  const id = (slug: string) => branches.find((b) => b.slug === slug)!.id;
  branchId = { campina: id('campina'), chico: id('chico'), terminal: id('terminal-24h') };
  customerId = (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow()
  ).id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const as = (who: keyof typeof token | null) =>
  who ? { authorization: `Bearer ${token[who]}` } : {};

/** An order of the demo customer at a branch, written directly: branches need not be open. */
async function orderAt(branch: number): Promise<number> {
  const at = new Date().toISOString();
  const payment = await t.database.db
    .selectFrom('payment_types')
    .select(['id', 'description'])
    .executeTakeFirstOrThrow();
  const { id } = await t.database.db
    .insertInto('orders')
    .values({
      user_id: customerId,
      branch_id: branch,
      client_order_id: randomUUID(),
      type_delivery: 1,
      address_id: null,
      address: 'En la sede',
      payment_type_id: payment.id,
      payment_description: payment.description,
      observation: '',
      quantity: 1,
      total: 5000,
      status: 'received',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('order_status_history')
    .values({ order_id: id, status: 'received', at })
    .execute();
  return id;
}

/** What a status change would touch. */
async function stateOf(orderId: number) {
  const order = await t.database.db
    .selectFrom('orders')
    .select(['status', 'updated_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const history = await t.database.db
    .selectFrom('order_status_history')
    .select('status')
    .where('order_id', '=', orderId)
    .execute();
  return { ...order, updated_at: String(order.updated_at), history: history.map((h) => h.status) };
}

const changeStatus = (who: keyof typeof token | null, orderId: number, status = 'accepted') =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: as(who),
    payload: { status },
  });

describe('changing an order status', () => {
  it('lets a one-branch staff member move an order of their branch', async () => {
    const order = await orderAt(branchId.campina);
    const res = await changeStatus('campina', order);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf(order)).history).toEqual(['received', 'accepted']);
  });

  it('answers 403 to staff of another branch and changes nothing', async () => {
    const order = await orderAt(branchId.chico);
    const before = await stateOf(order);
    const res = await changeStatus('campina', order);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.forbidden });
    expect(await stateOf(order)).toEqual(before);
  });

  it('answers 403 to a customer, even their own order or one that does not exist, and changes nothing', async () => {
    const order = await orderAt(branchId.campina);
    const before = await stateOf(order);
    expect((await changeStatus('customer', order)).statusCode).toBe(403);
    expect((await changeStatus('customer', 999_999)).statusCode).toBe(403);
    expect(await stateOf(order)).toEqual(before);
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const order = await orderAt(branchId.campina);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order}/status`,
      payload: { status: 'volando' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('lets an admin and chain-wide staff move orders at any branch', async () => {
    for (const branch of [branchId.campina, branchId.chico, branchId.terminal]) {
      const order = await orderAt(branch);
      expect((await changeStatus('admin', order)).statusCode).toBe(200);
      expect((await changeStatus('staff', order, 'preparing')).statusCode).toBe(200);
      expect((await stateOf(order)).history).toEqual(['received', 'accepted', 'preparing']);
    }
  });

  it('answers 404 to staff for an order that does not exist', async () => {
    expect((await changeStatus('campina', 999_999)).statusCode).toBe(404);
    expect((await changeStatus('admin', 999_999)).json()).toEqual({
      message: 'No encontramos ese pedido.',
    });
  });
});

describe('reading an order', () => {
  const read = (who: keyof typeof token, orderId: number) =>
    t.app.inject({ url: `/api/orders/${orderId}`, headers: as(who) });

  it('shows it to its owner, the staff of its branch and an admin', async () => {
    const order = await orderAt(branchId.campina);
    for (const who of ['customer', 'campina', 'staff', 'admin'] as const) {
      const res = await read(who, order);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().results.id).toBe(order);
    }
  });

  it('answers 404 to staff of another branch, as to another customer: nothing says it exists', async () => {
    const order = await orderAt(branchId.chico);
    const other = await read('campina', order);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await read('campina', 999_999)).json());
  });
});

describe('staff listings of a branch', () => {
  const lists = ['discount-signups', 'courtesy-reservations'];
  const get = (who: keyof typeof token | null, branch: number, list: string) =>
    t.app.inject({ url: `/api/staff/branches/${branch}/${list}`, headers: as(who) });

  it.each(lists)('%s: own branch for one-branch staff, every branch for an admin', async (list) => {
    expect((await get('campina', branchId.campina, list)).statusCode).toBe(200);
    expect((await get('campina', branchId.chico, list)).statusCode).toBe(403);
    expect((await get('admin', branchId.campina, list)).statusCode).toBe(200);
    expect((await get('admin', branchId.chico, list)).statusCode).toBe(200);
    expect((await get('customer', branchId.campina, list)).statusCode).toBe(403);
    expect((await get('admin', 999_999, list)).statusCode).toBe(404);
  });
});

describe('taking an order for a customer by phone or at the counter (decision 087)', () => {
  const search = (who: keyof typeof token, branch: number) =>
    t.app.inject({
      url: `/api/staff/branches/${branch}/customers?phone=3001234567`,
      headers: as(who),
    });
  const placeAt = async (who: keyof typeof token, branch: number) => {
    const product = await simpleProductAt(branch);
    return t.app.inject({
      method: 'POST',
      url: `/api/staff/branches/${branch}/orders`,
      headers: as(who),
      payload: {
        client_order_id: randomUUID(),
        channel: 'mostrador',
        customer: { id: customerId },
        branch_office: { id: branch },
        payment: { id: 1 },
        detail: [{ id: product.id, quantity: 1, modifier_group: [] }],
        delivery: 2,
      },
    });
  };

  it('lets one-branch staff find customers and place orders at their branch only', async () => {
    await openAllDay(t.database, branchId.campina);
    expect((await search('campina', branchId.campina)).statusCode).toBe(200);
    expect((await search('campina', branchId.chico)).statusCode).toBe(403);
    expect((await search('customer', branchId.campina)).statusCode).toBe(403);
    expect((await search('admin', 999_999)).statusCode).toBe(404);
    const own = await placeAt('campina', branchId.campina);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().results.channel).toBe('mostrador');
    const other = await placeAt('campina', branchId.terminal);
    expect(other.statusCode).toBe(403);
    expect((await placeAt('admin', branchId.terminal)).statusCode).toBe(201);
  });
});

/** Every route as `printRoutes` lists it: the tree's segments joined, with their methods. */
function registeredRoutes(app: App): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    path.length = depth;
    const url = (path[depth - 1] ?? '') + match[2]!;
    path.push(url);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

describe('every staff and admin route', () => {
  it('answers 401 without a token and 403 to a customer', async () => {
    const guarded = registeredRoutes(t.app).filter((r) =>
      /^\/api\/(staff|admin)(\/|$)/.test(r.url),
    );
    // The listing really found them (a broken parser must not pass by finding none).
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/staff/orders/:id/status',
        'GET /api/staff/branches/:id/discount-signups',
        'GET /api/staff/branches/:id/courtesy-reservations',
      ]),
    );
    for (const route of guarded) {
      const inject = (who: 'customer' | null) =>
        t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[a-zA-Z]+/g, '1'),
          headers: as(who),
        });
      expect((await inject(null)).statusCode, `${route.method} ${route.url} without a token`).toBe(
        401,
      );
      expect(
        (await inject('customer')).statusCode,
        `${route.method} ${route.url} as a customer`,
      ).toBe(403);
    }
  });

  it('cannot be registered around the contract: the app refuses to start with an /api route route() did not register', async () => {
    const app = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }),
      database: await emptyInMemoryDatabase(),
      logger: false,
    });
    try {
      const refused = /must be registered by route\(\) from its contract entry/;
      expect(() => app.get('/api/staff/forgotten', async () => ({}))).toThrow(refused);
      expect(() => app.get('/api/admin', async () => ({}))).toThrow(refused);
      // Default-deny everywhere under /api, not only the staff and admin prefixes; a guard of its
      // own does not make a route part of the contract either.
      expect(() => app.get('/api/my-orders', async () => ({}))).toThrow(refused);
      expect(() =>
        app.get(
          '/api/admin/guarded',
          { preHandler: app.authorize({ roles: ['admin'] }) },
          async () => ({}),
        ),
      ).toThrow(refused);
      // Outside /api the plugin that serves a path decides.
      expect(() => app.get('/not-the-api', async () => ({}))).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('refuses to start when a routes plugin registers an /api route around the contract', async () => {
    const app = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }),
      database: await emptyInMemoryDatabase(),
      logger: false,
    });
    // What buildApp does with each routes plugin: the registration, and so the start, fails.
    const registered = app.register(
      async (child) => {
        child.post('/forgotten', async () => ({}));
      },
      { prefix: '/api' },
    );
    await expect(registered).rejects.toThrow(
      'POST /api/forgotten must be registered by route() from its contract entry',
    );
    await app.close();
  });
});

describe('real-time rooms', () => {
  function socketFor(who: keyof typeof token) {
    const socket = openSocket(url, token[who]);
    sockets.push(socket);
    return socket;
  }
  /** Whether the socket hears `event` within the wait. */
  function hears(socket: Socket, event: string, waitMs: number) {
    return next(socket, event, waitMs).then(
      () => true,
      () => false,
    );
  }

  it("keeps a one-branch staff member out of another branch's new orders; admins and chain-wide staff hear them", async () => {
    const [customer, campina, staff, admin] = (
      ['customer', 'campina', 'staff', 'admin'] as const
    ).map(socketFor);
    await Promise.all([customer, campina, staff, admin].map((s) => connected(s!)));
    const campinaHeard = hears(campina!, 'new-order', 1000);
    const staffHeard = next<{ id: number }>(staff!, 'new-order');
    const adminHeard = next<{ id: number }>(admin!, 'new-order');

    const product = await simpleProductAt(branchId.terminal);
    const answer = confirmCartAnswer.parse(
      await confirmCart<ConfirmCartAnswer>(customer!, {
        client_order_id: randomUUID(),
        branch_office: { id: branchId.terminal },
        payment: { id: 1 },
        form: { observation: '' },
        detail: [{ ...product, quantity: 1, total: product.price }],
        delivery: 2,
      }),
    );
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (!answer.status) return;
    expect((await staffHeard).id).toBe(answer.order.id);
    expect((await adminHeard).id).toBe(answer.order.id);
    expect(await campinaHeard).toBe(false);
  });

  it("tells one-branch staff about their branch's status changes only", async () => {
    const campina = socketFor('campina');
    await connected(campina);
    const own = await orderAt(branchId.campina);
    const heardOwn = next<{ order_id: number }>(campina, 'order-status');
    expect((await changeStatus('admin', own)).statusCode).toBe(200);
    expect((await heardOwn).order_id).toBe(own);

    const elsewhere = await orderAt(branchId.chico);
    const heardElsewhere = hears(campina, 'order-status', 1000);
    expect((await changeStatus('admin', elsewhere)).statusCode).toBe(200);
    expect(await heardElsewhere).toBe(false);
  });
});

/** A product with no option groups, available at the branch, as the storefront would send it. */
async function simpleProductAt(branch: number): Promise<Product> {
  const products = await t.database.db
    .selectFrom('products')
    .select('slug')
    .orderBy('id')
    .execute();
  for (const { slug } of products) {
    const product = productResponse.parse(
      (await t.app.inject(`/api/products/${slug}/${branch}`)).json(),
    ).results;
    if (product.available && product.modifier_group.length === 0) return product;
  }
  throw new Error('the demo menu has no product without options');
}
