import {
  availabilityEventSchema,
  branchConsoleListResponse,
  branchConsoleResponse,
  branchListResponse,
  branchProductListResponse,
  branchProductResponse,
  branchStatusEventSchema,
  categoryResponse,
  describeChainTime,
  productResponse,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  place,
  refused,
} from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// A branch's switches — pause, rush, settings, "Agotado" — as its staff use them, what every
// storefront hears at once, and what placement then refuses.

let t: TestApp;
let url: string;
let campina: { id: number; title: string };
let chico: { id: number; title: string };
let tokens: { customer: string; campina: string; staff: string; admin: string };
let product: Product;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  // A product both branches sell, so one branch's switch can be told from the other's.
  for (const candidate of await availableProducts(t.app, t.database, campina.id, 10)) {
    const atChico = productResponse.parse(
      (await t.app.inject(`/api/products/${candidate.slug}/${chico.id}`)).json(),
    ).results;
    if (atChico.available) {
      product = candidate;
      break;
    }
  }
});
beforeEach(async () => {
  // Every test starts with both branches taking orders and the product on sale, and with the
  // announcements of that reset delivered before its own sockets connect.
  await t.database.db
    .updateTable('branches')
    .set({ paused_until: null, rush_minutes: 0 })
    .execute();
  await t.database.db.deleteFrom('branch_products').where('product_id', '=', product.id).execute();
  const watcher = openSocket(url, null);
  await connected(watcher);
  const announced = new Promise<void>((resolve) => {
    let left = 2;
    watcher.on('branch-status', () => --left === 0 && resolve());
  });
  await t.app.catalogEvents.publish({ type: 'catalog' });
  for (const id of [campina.id, chico.id])
    await t.app.catalogEvents.publish({ type: 'branch', branch_id: id });
  await announced;
  watcher.disconnect();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function socketFor(token: string | null) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const put = (token: string | null, path: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/staff/branches${path}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const branchRow = (id: number) =>
  t.database.db
    .selectFrom('branches')
    .select(['paused_until', 'rush_minutes', 'auto_print', 'prep_minutes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function publicBranch(id: number) {
  const res = await t.app.inject('/api/branch-office');
  return {
    etag: res.headers.etag,
    branch: branchListResponse.parse(res.json()).results.find((b) => b.id === id)!,
  };
}

async function countOrders() {
  const row = await t.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const orderAt = (branchId: number) => orderPayload(branchId, [cartItem(product)]);

describe('the branches a user works at', () => {
  it('lists only the branches the user may act on', async () => {
    const list = async (token: string) =>
      branchConsoleListResponse
        .parse((await t.app.inject({ url: '/api/staff/branches', headers: bearer(token) })).json())
        .results.map((b) => b.id);
    expect(await list(tokens.campina)).toEqual([campina.id]);
    const all = await t.database.db.selectFrom('branches').select('id').execute();
    expect((await list(tokens.admin)).sort()).toEqual(all.map((b) => b.id).sort());
    expect(
      (await t.app.inject({ url: '/api/staff/branches', headers: bearer(tokens.customer) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/branches' })).statusCode).toBe(401);
  });

  it("answers a branch's console state to its staff, 403 to another branch's", async () => {
    const own = await t.app.inject({
      url: `/api/staff/branches/${campina.id}`,
      headers: bearer(tokens.campina),
    });
    expect(branchConsoleResponse.parse(own.json()).results).toMatchObject({
      id: campina.id,
      accepting_orders: true,
      paused: false,
      resumes_at: null,
      rush_minutes: 0,
      prep_minutes: 20,
      auto_print: false,
    });
    expect(
      (
        await t.app.inject({
          url: `/api/staff/branches/${chico.id}`,
          headers: bearer(tokens.campina),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/staff/branches/999999', headers: bearer(tokens.admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('pausing orders', () => {
  it('stops a branch taking orders for a while: every storefront hears it, the branch list says until when, placement refuses', async () => {
    const storefront = await socketFor(null);
    const before = await publicBranch(campina.id);
    expect(before.branch).toMatchObject({
      accepting_orders: true,
      resumes_at: null,
      prep_minutes: 20,
    });

    const heard = next<unknown>(storefront, 'branch-status');
    const res = await put(tokens.campina, `/${campina.id}/pause`, { minutes: 30 });
    expect(res.statusCode).toBe(200);
    const state = branchConsoleResponse.parse(res.json()).results;
    expect(state).toMatchObject({ paused: true, until_reopened: false, accepting_orders: false });
    expect(Date.parse(state.resumes_at!) - t.clock.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(state.resumes_at!) - t.clock.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(branchStatusEventSchema.parse(await heard)).toMatchObject({
      branch_id: campina.id,
      accepting_orders: false,
      resumes_at: state.resumes_at,
    });

    const after = await publicBranch(campina.id);
    expect(after.etag).not.toBe(before.etag);
    expect(after.branch).toMatchObject({
      accepting_orders: false,
      resumes_at: state.resumes_at,
      open_now: true,
    });

    const customer = await socketFor(tokens.customer);
    const count = await countOrders();
    const errors = await refused(customer, orderAt(campina.id));
    const when = describeChainTime(new Date(state.resumes_at!), new Date(t.clock.now()));
    expect(errors.branch_office).toEqual([
      `Campiña no está recibiendo pedidos en este momento. Vuelve a intentarlo ${when}.`,
    ]);
    expect(await countOrders()).toBe(count);
    // Another branch is not affected.
    await place(customer, orderAt(chico.id));
  });

  it('resumes with minutes 0, and pauses until reopened with no time to promise', async () => {
    const customer = await socketFor(tokens.customer);
    expect(
      (await put(tokens.campina, `/${campina.id}/pause`, { until_reopened: true })).statusCode,
    ).toBe(200);
    expect((await publicBranch(campina.id)).branch).toMatchObject({
      accepting_orders: false,
      resumes_at: null,
    });
    expect((await refused(customer, orderAt(campina.id))).branch_office).toEqual([
      'Campiña no está recibiendo pedidos en este momento.',
    ]);

    const storefront = await socketFor(null);
    const heard = next<unknown>(storefront, 'branch-status');
    const res = await put(tokens.campina, `/${campina.id}/pause`, { minutes: 0 });
    expect(branchConsoleResponse.parse(res.json()).results).toMatchObject({
      paused: false,
      accepting_orders: true,
      resumes_at: null,
    });
    expect(branchStatusEventSchema.parse(await heard)).toMatchObject({
      branch_id: campina.id,
      accepting_orders: true,
    });
    expect((await publicBranch(campina.id)).branch.accepting_orders).toBe(true);
    await place(customer, orderAt(campina.id));
  });

  it('resumes by itself when its time comes: the storefronts hear it and placement takes orders again', async () => {
    // A pause about to end, as a PUT a while ago would have left it.
    const ends = new Date(t.clock.now() + 1500);
    await t.database.db
      .updateTable('branches')
      .set({ paused_until: ends.toISOString() })
      .where('id', '=', campina.id)
      .execute();
    await t.app.catalogEvents.publish({ type: 'branch', branch_id: campina.id });

    const storefront = await socketFor(null);
    const customer = await socketFor(tokens.customer);
    expect((await publicBranch(campina.id)).branch).toMatchObject({
      accepting_orders: false,
      resumes_at: ends.toISOString(),
    });
    expect((await refused(customer, orderAt(campina.id))).branch_office![0]).toMatch(
      /no está recibiendo pedidos/,
    );

    const resumed = branchStatusEventSchema.parse(
      await next<unknown>(storefront, 'branch-status', 5000),
    );
    expect(resumed).toMatchObject({
      branch_id: campina.id,
      accepting_orders: true,
      paused: false,
      resumes_at: null,
    });
    expect(t.clock.now()).toBeGreaterThanOrEqual(ends.getTime());
    expect((await publicBranch(campina.id)).branch).toMatchObject({
      accepting_orders: true,
      resumes_at: null,
    });
    await place(customer, orderAt(campina.id));
  });

  it('refuses bad bodies in Spanish and changes nothing', async () => {
    for (const body of [
      {},
      { minutes: 1441 },
      { minutes: -1 },
      { minutes: 2.5 },
      { minutes: 'media hora' },
      { minutes: 30, until_reopened: true },
      { until_reopened: false },
    ]) {
      const res = await put(tokens.campina, `/${campina.id}/pause`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('El contenido enviado no es válido.');
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    expect((await branchRow(campina.id)).paused_until).toBeNull();
  });

  it("refuses another branch's staff (403) and customers (403), and changes nothing", async () => {
    expect((await put(tokens.campina, `/${chico.id}/pause`, { minutes: 15 })).statusCode).toBe(403);
    expect((await put(tokens.customer, `/${campina.id}/pause`, { minutes: 15 })).statusCode).toBe(
      403,
    );
    expect((await put(null, `/${campina.id}/pause`, { minutes: 15 })).statusCode).toBe(401);
    expect((await branchRow(chico.id)).paused_until).toBeNull();
    expect((await branchRow(campina.id)).paused_until).toBeNull();
    expect((await put(tokens.admin, '/999999/pause', { minutes: 15 })).statusCode).toBe(404);
    expect((await put(tokens.admin, `/${chico.id}/pause`, { minutes: 15 })).statusCode).toBe(200);
  });
});

describe('rush and settings', () => {
  it("sets rush minutes for the branch's staff, tells every screen, and refuses others", async () => {
    const board = await socketFor(tokens.campina);
    const heard = next<unknown>(board, 'branch-status');
    const res = await put(tokens.campina, `/${campina.id}/rush`, { extra_minutes: 15 });
    expect(branchConsoleResponse.parse(res.json()).results.rush_minutes).toBe(15);
    expect(branchStatusEventSchema.parse(await heard)).toMatchObject({
      branch_id: campina.id,
      rush_minutes: 15,
      accepting_orders: true,
    });

    for (const body of [
      { extra_minutes: 121 },
      { extra_minutes: -5 },
      { extra_minutes: '10' },
      {},
    ]) {
      const bad = await put(tokens.campina, `/${campina.id}/rush`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(tokens.campina, `/${chico.id}/rush`, { extra_minutes: 30 })).statusCode).toBe(
      403,
    );
    expect((await branchRow(chico.id)).rush_minutes).toBe(0);
    expect((await branchRow(campina.id)).rush_minutes).toBe(15);
  });

  it('turns printing on accept on and changes the usual preparation time, which the storefront sees at once', async () => {
    const res = await put(tokens.campina, `/${campina.id}/settings`, {
      auto_print: true,
      prep_minutes: 25,
    });
    expect(branchConsoleResponse.parse(res.json()).results).toMatchObject({
      auto_print: true,
      prep_minutes: 25,
    });
    expect((await publicBranch(campina.id)).branch.prep_minutes).toBe(25);

    const empty = await put(tokens.campina, `/${campina.id}/settings`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors._).toEqual(['Indica al menos un ajuste para cambiar.']);
    expect(
      (await put(tokens.campina, `/${campina.id}/settings`, { prep_minutes: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await put(tokens.campina, `/${chico.id}/settings`, { auto_print: true })).statusCode,
    ).toBe(403);
    expect(await branchRow(chico.id)).toMatchObject({ auto_print: 0 });
    await put(tokens.campina, `/${campina.id}/settings`, { auto_print: false, prep_minutes: 20 });
  });
});

describe('Agotado', () => {
  const category = async (branchId: number, etag?: string) =>
    t.app.inject({
      url: `/api/category/${categorySlug}/${branchId}`,
      headers: etag ? { 'if-none-match': etag } : {},
    });
  let categorySlug: string;
  beforeAll(async () => {
    categorySlug = productResponse.parse(
      (await t.app.inject(`/api/products/${product.slug}/${campina.id}`)).json(),
    ).results.category.slug;
  });

  it('sells a product out at one branch: every storefront hears it, the cached answers and ETags change at once, placement refuses', async () => {
    const storefront = await socketFor(null);
    const loggedIn = await socketFor(tokens.customer);
    const before = await category(campina.id);
    const chicoBefore = await category(chico.id);

    const heardAnonymous = next<unknown>(storefront, 'availability');
    const heardCustomer = next<unknown>(loggedIn, 'availability');
    const res = await put(tokens.campina, `/${campina.id}/products/${product.id}/availability`, {
      sold_out: true,
    });
    expect(res.statusCode).toBe(200);
    expect(branchProductResponse.parse(res.json()).results).toMatchObject({
      product_id: product.id,
      sold_out: true,
      offered: true,
    });
    for (const heard of [await heardAnonymous, await heardCustomer]) {
      expect(availabilityEventSchema.parse(heard)).toEqual({
        branch_id: campina.id,
        product_id: product.id,
        sold_out: true,
      });
    }

    const stale = await category(campina.id, before.headers.etag as string);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
    const card = categoryResponse
      .parse(stale.json())
      .results.products.find((p) => p.id === product.id)!;
    expect(card).toMatchObject({ available: false, unavailable_reason: 'sold_out' });
    expect(
      productResponse.parse(
        (await t.app.inject(`/api/products/${product.slug}/${campina.id}`)).json(),
      ).results.available,
    ).toBe(false);
    // The other branch still sells it, under the same ETag.
    expect((await category(chico.id, chicoBefore.headers.etag as string)).statusCode).toBe(304);

    const count = await countOrders();
    expect((await refused(loggedIn, orderAt(campina.id))).detail).toEqual([
      `${product.title} está agotado en Campiña.`,
    ]);
    expect(await countOrders()).toBe(count);

    const back = await put(tokens.campina, `/${campina.id}/products/${product.id}/availability`, {
      sold_out: false,
    });
    expect(branchProductResponse.parse(back.json()).results.sold_out).toBe(false);
    expect((await category(campina.id)).headers.etag).toBe(before.headers.etag);
    await place(loggedIn, orderAt(campina.id));
  });

  it("lists the branch's products with their switches", async () => {
    await put(tokens.campina, `/${campina.id}/products/${product.id}/availability`, {
      sold_out: true,
    });
    const res = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/products`,
      headers: bearer(tokens.campina),
    });
    const list = branchProductListResponse.parse(res.json()).results;
    const active = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('active', '=', 1)
      .execute();
    expect(list).toHaveLength(active.length);
    expect(list.find((p) => p.product_id === product.id)).toMatchObject({
      sold_out: true,
      offered: true,
    });
    expect(
      (
        await t.app.inject({
          url: `/api/staff/branches/${chico.id}/products`,
          headers: bearer(tokens.campina),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("refuses another branch's staff, unknown products and bad bodies, and changes nothing", async () => {
    const denied = await put(tokens.campina, `/${chico.id}/products/${product.id}/availability`, {
      sold_out: true,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (
        await put(tokens.customer, `/${campina.id}/products/${product.id}/availability`, {
          sold_out: true,
        })
      ).statusCode,
    ).toBe(403);
    const unknown = await put(tokens.campina, `/${campina.id}/products/999999/availability`, {
      sold_out: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No encontramos ese producto.');
    const bad = await put(tokens.campina, `/${campina.id}/products/${product.id}/availability`, {
      sold_out: 'si',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sold_out).toEqual([
      'Indica si el producto está agotado (true o false).',
    ]);
    const rows = await t.database.db
      .selectFrom('branch_products')
      .selectAll()
      .where('product_id', '=', product.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('anonymous storefront sockets', () => {
  it('hear public events but cannot place an order', async () => {
    const storefront = await socketFor(null);
    const errors = await refused(storefront, orderAt(campina.id));
    expect(errors).toEqual({ _: ['Inicia sesión para confirmar tu pedido.'] });
  });
});
