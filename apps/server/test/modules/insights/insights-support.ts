import {
  branchSummaryResponse,
  chainToday,
  salesReport,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
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
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// A chain for Informes' tests (decision 069): two branches open round the clock, the demo
// customer and a new one on sockets, staff and admin tokens, and quick ways to place an order at
// an instant and move it along.

export interface InsightsWorld {
  chico: { id: number; title: string };
  terminal: { id: number; title: string };
  products: Map<number, Product[]>;
  tokens: { customer: string; fresh: string; admin: string; staff: string; campina: string };
  sockets: { customer: Socket; fresh: Socket };
  freshUserId: number;
}

export async function insightsWorld(t: TestApp): Promise<InsightsWorld> {
  const url = await listen(t.app);
  const chico = await branchBySlug(t.database, 'chico');
  const terminal = await branchBySlug(t.database, 'terminal-24h');
  for (const branch of [chico, terminal]) await openAllDay(t.database, branch.id);
  const email = `nuevo-${t.clock.now()}@ejemplo.co`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Cliente Nuevo',
      email,
      phone: '3159990002',
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    fresh: registered.json().access_token as string,
    admin: await login(t.app, 'admin@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
  };
  const sockets = {
    customer: openSocket(url, tokens.customer),
    fresh: openSocket(url, tokens.fresh),
  };
  await Promise.all([connected(sockets.customer), connected(sockets.fresh)]);
  const products = new Map<number, Product[]>();
  for (const branch of [chico, terminal])
    products.set(branch.id, await availableProducts(t.app, t.database, branch.id, 3));
  const fresh = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { chico, terminal, products, tokens, sockets, freshUserId: fresh.id };
}

/** Places a pickup order (or what `overrides` say) of `quantities` of the branch's products. */
export function placeAt(
  world: InsightsWorld,
  who: 'customer' | 'fresh',
  branchId: number,
  quantities: number[],
  overrides: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const products = world.products.get(branchId)!;
  const items = quantities.map((quantity, index) => cartItem(products[index]!, quantity));
  return place(
    world.sockets[who],
    orderPayload(branchId, items, { type_delivery: 1, ...overrides }),
  );
}

/** Staff (the admin) move an order to `status`; the answer must be 200. */
export async function moveTo(
  t: TestApp,
  world: InsightsWorld,
  id: number,
  payload: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(world.tokens.admin),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const closeWorld = (world: InsightsWorld) => {
  world.sockets.customer.disconnect();
  world.sockets.fresh.disconnect();
};

/**
 * An app without the catch-up timer (the reports' own catch-up, or the test's, is what is
 * tested; a timer's pass over a large backlog could outlast the app's close on a loaded machine)
 * and its world: built before the file's tests, closed after them. Read `scene.t` and
 * `scene.world` inside the tests.
 */
export function insightsScene() {
  const scene = {} as { t: TestApp; world: InsightsWorld };
  beforeAll(async () => {
    scene.t = await buildTestApp({ INSIGHTS_CATCHUP_MS: 0 });
    scene.world = await insightsWorld(scene.t);
  });
  afterAll(async () => {
    if (scene.world) closeWorld(scene.world);
    await scene.t?.close();
  });
  return scene;
}

/** Every rollup row, sorted, with buckets as instants: two builds compared row for row. */
export async function rollupRows(t: TestApp) {
  const { db } = t.database;
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            key === 'bucket' || key === 'first_sale_at'
              ? new Date(value as string).getTime()
              : typeof value === 'string' && /^\d+$/.test(value)
                ? Number(value)
                : value,
          ]),
        ),
      )
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    hours: norm(await db.selectFrom('insight_hours').selectAll().execute()),
    dims: norm(await db.selectFrom('insight_hour_dims').selectAll().execute()),
    products: norm(await db.selectFrom('insight_hour_products').selectAll().execute()),
    options: norm(await db.selectFrom('insight_hour_options').selectAll().execute()),
    customers: norm(await db.selectFrom('insight_hour_customers').selectAll().execute()),
    days: norm(await db.selectFrom('insight_days').selectAll().execute()),
    dayDims: norm(await db.selectFrom('insight_day_dims').selectAll().execute()),
    dayProducts: norm(await db.selectFrom('insight_day_products').selectAll().execute()),
    dayOptions: norm(await db.selectFrom('insight_day_options').selectAll().execute()),
    chainHours: norm(await db.selectFrom('insight_chain_hours').selectAll().execute()),
    chainDays: norm(await db.selectFrom('insight_chain_days').selectAll().execute()),
    chainDayDims: norm(await db.selectFrom('insight_chain_day_dims').selectAll().execute()),
    chainDayProducts: norm(await db.selectFrom('insight_chain_day_products').selectAll().execute()),
    chainDayOptions: norm(await db.selectFrom('insight_chain_day_options').selectAll().execute()),
    firsts: norm(await db.selectFrom('insight_customers').selectAll().execute()),
    branchFirsts: norm(await db.selectFrom('insight_branch_customers').selectAll().execute()),
  };
}

/**
 * The chain day an order was created on, the day Día and Informes count it (and its refunds) in:
 * a minute before the chain's midnight (TEST_CLOCK_START) the clock's today may be the next one.
 */
export async function dayCreated(t: Pick<TestApp, 'database'>, orderId: number) {
  const { created_at } = await t.database.db
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return chainToday(new Date(created_at));
}

/** One branch's day as Informes' sales report and as Día read it, for `token` (each a 200). */
export async function salesAndDay(
  t: Pick<TestApp, 'app'>,
  token: string,
  branchId: number,
  day: string,
) {
  const read = async (url: string) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const base = `/api/staff/branches/${branchId}`;
  return {
    report: salesReport.parse(await read(`${base}/insights/sales?from=${day}&to=${day}`)),
    day: branchSummaryResponse.parse(await read(`${base}/summary?date=${day}`)).results,
  };
}
