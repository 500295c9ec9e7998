import {
  CHECKOUT_MESSAGES,
  DELIVERY_ZONE_MESSAGES,
  addDays,
  branchListResponse,
  cartHistoryResponse,
  orderResponse,
  unitPrice,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { connected, listen, openSocket } from '../../helpers/sockets';
import { clearOfMidnight, todayOn } from '../../helpers/clock';

// What the admin sets for a branch decides placement at once: a dated exception closes the
// branch that day (open_now and the refusal), and a delivery zone's fee is added to the stored
// total while an order under its minimum is refused with what is missing, nothing stored.

let t: TestApp;
let url: string;
let tokens: { customer: string; admin: string };
let branch: { id: number; title: string };
let product: Product;
let addressId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(tokens.customer),
    payload: {
      label: 'Zona prueba',
      address: 'Cl. 150 #58-10',
      neighbourhood: 'Barrio Prueba',
      city: 'Bogotá',
    },
  });
  addressId = address.json().results.id as number;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await admin('PUT', `/${branch.id}/exceptions`, { exceptions: [] });
});
afterAll(() => t.close());

const admin = (method: 'PUT', path: string, payload: object) =>
  t.app.inject({
    method,
    url: `/api/admin/branches${path}`,
    headers: bearer(tokens.admin),
    payload,
  });
const publicBranch = async () =>
  branchListResponse
    .parse((await t.app.inject('/api/branch-office')).json())
    .results.find((b) => b.id === branch.id)!;
const orderCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function customerSocket() {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function setZones(zones: { neighbourhood: string; fee: number; min_order: number }[]) {
  const current = await t.database.db
    .selectFrom('branch_delivery_zones')
    .select('neighbourhood')
    .where('branch_id', '=', branch.id)
    .execute();
  const kept = current
    .filter((z) => !zones.some((n) => n.neighbourhood === z.neighbourhood))
    .map((z) => ({ neighbourhood: z.neighbourhood, fee: 0, min_order: 0 }));
  expect(
    (await admin('PUT', `/${branch.id}/zones`, { zones: [...kept, ...zones] })).statusCode,
  ).toBe(200);
}

describe('dated exceptions at placement', () => {
  it('a holiday today closes the branch: open_now false, and an order is refused with nothing stored', async () => {
    // "Today" must stay one day from the holiday's save to the refused order: the SQLite suite's
    // midnight crossing (TEST_CLOCK_START) would otherwise make it yesterday's holiday.
    clearOfMidnight(t.clock);
    expect(await publicBranch()).toMatchObject({ open_now: true, closed: null });
    const today = todayOn(t.clock);
    expect(
      (
        await admin('PUT', `/${branch.id}/exceptions`, {
          exceptions: [{ date: today, closed: true, ranges: [] }],
        })
      ).statusCode,
    ).toBe(200);

    const seen = await publicBranch();
    expect(seen).toMatchObject({ open_now: false, accepting_orders: false });
    // Closed all day today: the storefront's line says when it opens next.
    expect(seen.closed).toMatch(/^Cerrada · abre (mañana|el \S+) a las \d{2}:\d{2}$/);
    expect(seen.opening_exceptions).toEqual([{ date: today, closed: true, ranges: [] }]);

    const before = await orderCount();
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
    expect(errors.branch_office).toEqual([
      CHECKOUT_MESSAGES.branchClosed(branch.title, 'Abre mañana a las 00:00'),
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('an exception on another date changes nothing today', async () => {
    const tomorrow = addDays(todayOn(t.clock), 1);
    await admin('PUT', `/${branch.id}/exceptions`, {
      exceptions: [{ date: tomorrow, closed: true, ranges: [] }],
    });
    expect((await publicBranch()).open_now).toBe(true);
    await place(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
  });
});

describe('delivery zones at placement', () => {
  it('adds the zone fee to the stored total and shows it as its own figure', async () => {
    const price = unitPrice(cartItem(product));
    await setZones([{ neighbourhood: 'Barrio Prueba', fee: 4500, min_order: 0 }]);
    const order = await place(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product, 2)], { type_delivery: 2, address_id: addressId }),
    );
    expect(order).toMatchObject({
      delivery_fee: 4500,
      total: price * 2 + 4500,
      neighbourhood: 'Barrio Prueba',
    });
    const stored = await t.database.db
      .selectFrom('orders')
      .select(['total', 'delivery_fee'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ total: price * 2 + 4500, delivery_fee: 4500 });
    const again = orderResponse.parse(
      (
        await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(tokens.customer) })
      ).json(),
    ).results;
    expect(again).toMatchObject({ delivery_fee: 4500, total: price * 2 + 4500 });
    const history = cartHistoryResponse.parse(
      (await t.app.inject({ url: '/api/cart-history', headers: bearer(tokens.customer) })).json(),
    ).results;
    expect(history.find((o) => o.id === order.id)).toMatchObject({ delivery_fee: 4500 });

    // A later fee change never touches the placed order; pickup pays no fee.
    await setZones([{ neighbourhood: 'Barrio Prueba', fee: 9000, min_order: 0 }]);
    const kept = orderResponse.parse(
      (
        await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(tokens.customer) })
      ).json(),
    ).results;
    expect(kept.total).toBe(price * 2 + 4500);
    const pickup = await place(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
    expect(pickup).toMatchObject({ delivery_fee: 0, total: price });
  });

  it('refuses an order under the zone minimum with the amount missing, storing nothing', async () => {
    const price = unitPrice(cartItem(product));
    const minimum = price * 3;
    await setZones([{ neighbourhood: 'Barrio Prueba', fee: 3000, min_order: minimum }]);
    const before = await orderCount();
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product, 1)], { type_delivery: 2, address_id: addressId }),
    );
    expect(errors.address).toEqual([
      DELIVERY_ZONE_MESSAGES.belowMinimum('Barrio Prueba', minimum, minimum - price),
    ]);
    expect(errors.address?.[0]).toMatch(
      /^Pedido mínimo para Barrio Prueba: \$[\d.]+\. Te faltan \$[\d.]+ para poder enviarlo\.$/,
    );
    expect(await orderCount()).toBe(before);

    // At the minimum exactly it goes through; the fee does not count towards it.
    const order = await place(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product, 3)], { type_delivery: 2, address_id: addressId }),
    );
    expect(order).toMatchObject({ delivery_fee: 3000, total: minimum + 3000 });
  });

  it('refuses pickup at a branch that only delivers', async () => {
    const data = await t.database.db
      .selectFrom('branches')
      .selectAll()
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    const body = {
      title: data.title,
      address: data.address,
      phone: data.phone,
      city: data.city,
      delivery_available: true,
      prep_minutes: data.prep_minutes,
    };
    expect(
      (await admin('PUT', `/${branch.id}`, { ...body, pickup_available: false })).statusCode,
    ).toBe(200);
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
    expect(errors.branch_office).toEqual([CHECKOUT_MESSAGES.noPickup(branch.title)]);
    await admin('PUT', `/${branch.id}`, { ...body, pickup_available: true });
  });

  it('a hidden branch leaves the storefront, refuses new orders, and its orders still point at it', async () => {
    const order = await place(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
    expect((await admin('PUT', `/${branch.id}/visibility`, { hidden: true })).statusCode).toBe(200);
    expect(await publicBranch()).toBeUndefined();
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, [cartItem(product)], { type_delivery: 1 }),
    );
    expect(errors.branch_office).toEqual([CHECKOUT_MESSAGES.branchUnknown]);
    const kept = orderResponse.parse(
      (
        await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(tokens.customer) })
      ).json(),
    ).results;
    expect(kept.branch_office).toMatchObject({ id: branch.id, title: branch.title });
    await admin('PUT', `/${branch.id}/visibility`, { hidden: false });
  });
});
