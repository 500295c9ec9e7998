import {
  bumpResponse,
  expoResponse,
  stationItemEventSchema,
  stationItemsResponse,
  stationListResponse,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stationItemsOfOrder } from '../../../src/modules/stations/plugin';
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
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// Kitchen stations (decision 072): the branch's list, routing an order's lines to stations
// (the branch's own choice, the product's, its category's, the first), each station's items,
// the bump told to the branch's screens, and the expo's "ready to pack".

let t: TestApp;
let url: string;
let campina: { id: number };
let chico: { id: number };
let tokens: { customer: string; staff: string; admin: string };
/** Three products of the menu: `a` and `b` of different categories, `c` of neither's. */
let menu: { a: Product; b: Product; c: Product };
const sockets: Socket[] = [];

async function pickProducts() {
  const products = await availableProducts(t.app, t.database, campina.id, 40);
  const categoryOf = async (product: Product) =>
    (
      await t.database.db
        .selectFrom('products')
        .select('category_id')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow()
    ).category_id;
  const withCategory = await Promise.all(
    products.map(async (product) => ({ product, category: await categoryOf(product) })),
  );
  const a = withCategory[0]!;
  const b = withCategory.find((p) => p.category !== a.category)!;
  const c = withCategory.find((p) => p.category !== a.category && p.category !== b.category)!;
  return { a: a.product, b: b.product, c: c.product, bCategory: b.category };
}

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  const picked = await pickProducts();
  menu = picked;
  // The back office's choices: `a` to chico's "Fríos" (read by name at campina too), `b`'s
  // category to "Bebidas", and campina's own choice for `c`: its "Freidora".
  const chicoStations = await stations(chico.id);
  const campinaStations = await stations(campina.id);
  const named = (list: typeof chicoStations, name: string) => list.find((s) => s.name === name)!.id;
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${menu.a.id}/station`,
    headers: bearer(tokens.admin),
    payload: { station_id: named(chicoStations, 'Fríos') },
  });
  expect(set.statusCode, set.body).toBe(200);
  await t.database.db
    .insertInto('category_stations')
    .values({ category_id: picked.bCategory, station_id: named(chicoStations, 'Bebidas') })
    .execute();
  await t.database.db
    .insertInto('branch_product_stations')
    .values({
      branch_id: campina.id,
      product_id: menu.c.id,
      station_id: named(campinaStations, 'Freidora'),
    })
    .execute();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function stations(branchId: number) {
  const res = await t.app.inject({
    url: `/api/admin/branches/${branchId}/stations`,
    headers: bearer(tokens.admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return stationListResponse.parse(res.json()).results;
}

async function socketOf(token: string) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function placeOrder(products: Product[], branchId = campina.id): Promise<PlacedOrder> {
  const socket = await socketOf(tokens.customer);
  return place(
    socket,
    orderPayload(
      branchId,
      // The first line carries a note of its own (decision 085); the others none.
      products.map((product, index) => ({
        ...cartItem(product, 2),
        note: index === 0 ? 'Sin tomate' : '',
      })),
      { form: { observation: 'Sin cebolla' } },
    ),
  );
}

async function setStatus(orderId: number, status: string, token = tokens.staff) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    headers: bearer(token),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function items(branchId: number, stationId: number, token = tokens.staff) {
  const res = await t.app.inject({
    url: `/api/staff/branches/${branchId}/stations/${stationId}/items`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return stationItemsResponse.parse(res.json());
}

async function bump(
  itemId: number | string,
  verb: 'bump' | 'unbump' = 'bump',
  token = tokens.staff,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/staff/order-items/${itemId}/${verb}`,
    headers: bearer(token),
  });
}

async function expo(branchId = campina.id) {
  const res = await t.app.inject({
    url: `/api/staff/branches/${branchId}/expo`,
    headers: bearer(tokens.staff),
  });
  expect(res.statusCode, res.body).toBe(200);
  return expoResponse.parse(res.json()).results;
}

describe('a branch’s stations', () => {
  it('starts with the four defaults, and the admin replaces the list: renamed, moved, added, removed', async () => {
    const branch = (
      await t.database.db
        .insertInto('branches')
        .values({
          slug: 'nueva-cocina',
          title: 'Nueva',
          address: 'Calle 1',
          phone: '1',
          city: 'Pereira',
          delivery_available: 1,
          position: 99,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const first = await stations(branch);
    expect(first.map((s) => [s.name, s.position])).toEqual([
      ['Parrilla', 0],
      ['Freidora', 1],
      ['Fríos', 2],
      ['Bebidas', 3],
    ]);
    const [grill, fryer, cold] = first as [(typeof first)[0], (typeof first)[0], (typeof first)[0]];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/branches/${branch}/stations`,
      headers: bearer(tokens.admin),
      // Two stations swap names; Bebidas goes; Postres comes.
      payload: [
        { id: fryer.id, name: 'Parrilla', position: 0 },
        { id: grill.id, name: 'Freidora', position: 1 },
        { id: cold.id, name: 'Fríos', position: 2 },
        { name: 'Postres', position: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await stations(branch);
    expect(after.map((s) => [s.id, s.name])).toEqual([
      [fryer.id, 'Parrilla'],
      [grill.id, 'Freidora'],
      [cold.id, 'Fríos'],
      [expect.any(Number), 'Postres'],
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['entity', 'summary'])
      .where('entity', '=', 'stations')
      .where('entity_id', '=', String(branch))
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      'Estaciones: Parrilla, Freidora, Fríos, Postres',
    ]);
  });

  it('refuses an empty list, twin names, a blank name, another branch’s station and a bad id with 400 in Spanish; staff may not edit', async () => {
    const other = (await stations(chico.id))[0]!;
    const bodies: [unknown, RegExp][] = [
      [[], /al menos una estación/],
      [
        [
          { name: 'Parrilla', position: 0 },
          { name: 'parrilla', position: 1 },
        ],
        /no pueden llamarse igual/,
      ],
      [[{ name: '  ', position: 0 }], /nombre de la estación/],
      [[{ id: other.id, name: 'Parrilla', position: 0 }], /no es de esta sede/],
      [{ name: 'x' }, /lista/],
    ];
    for (const [payload, message] of bodies) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/branches/${campina.id}/stations`,
        headers: bearer(tokens.admin),
        payload: payload as object,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(message);
    }
    const noStation = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${menu.a.id}/station`,
      headers: bearer(tokens.admin),
      payload: { station_id: 99_999_999 },
    });
    expect(noStation.statusCode).toBe(400);
    expect(noStation.body).toMatch(/No encontramos esa estación/);
    const staff = await t.app.inject({
      url: `/api/admin/branches/${campina.id}/stations`,
      headers: bearer(tokens.staff),
    });
    expect(staff.statusCode).toBe(403);
    const missing = await t.app.inject({
      url: '/api/admin/branches/999999/stations',
      headers: bearer(tokens.admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('routing and the station screens', () => {
  it('routes each line: the branch’s own choice, the product’s station by name, its category’s, else the first', async () => {
    const order = await placeOrder([menu.a, menu.b, menu.c]);
    const noneYet = await placeOrder([menu.a]);
    await setStatus(order.id, 'accepted');
    const list = await stations(campina.id);
    const idOf = (name: string) => list.find((s) => s.name === name)!.id;

    const groups = await stationItemsOfOrder(t.database.db, order.id);
    expect(groups.map((g) => [g.station_name, g.lines.map((l) => l.product_id)])).toEqual([
      ['Freidora', [menu.c.id]],
      ['Fríos', [menu.a.id]],
      ['Bebidas', [menu.b.id]],
    ]);
    expect(groups[0]!.station_id).toBe(idOf('Freidora'));

    // Without any choice, a product goes to the first station.
    await t.database.db.deleteFrom('branch_product_stations').execute();
    const fallback = await stationItemsOfOrder(t.database.db, order.id);
    expect(fallback[0]).toMatchObject({ station_name: 'Parrilla', station_id: idOf('Parrilla') });
    expect(fallback[0]!.lines.map((l) => l.product_id)).toEqual([menu.c.id]);
    await t.database.db
      .insertInto('branch_product_stations')
      .values({ branch_id: campina.id, product_id: menu.c.id, station_id: idOf('Freidora') })
      .execute();

    // The cold side's screen: only its items of accepted orders (not the order still received).
    const cold = await items(campina.id, idOf('Fríos'));
    expect(cold.station.name).toBe('Fríos');
    const mine = cold.items.filter((item) => item.order_id === order.id);
    expect(mine).toEqual([
      expect.objectContaining({
        order_number: order.id,
        product_id: menu.a.id,
        title: menu.a.title,
        quantity: 2,
        notes: 'Sin cebolla',
        note: 'Sin tomate',
        bumped_at: null,
      }),
    ]);
    expect(mine[0]!.promised_at).not.toBeNull();
    expect(cold.items.some((item) => item.order_id === noneYet.id)).toBe(false);
    expect(cold.all_day).toContainEqual({
      product_id: menu.a.id,
      title: menu.a.title,
      quantity: 2,
    });
  });

  it('lists oldest first and sums the all-day counts of what is still to make', async () => {
    const first = await placeOrder([menu.a]);
    const second = await placeOrder([menu.a]);
    await setStatus(second.id, 'accepted');
    await setStatus(first.id, 'accepted');
    const coldId = (await stations(campina.id)).find((s) => s.name === 'Fríos')!.id;
    const before = await items(campina.id, coldId);
    const orderIds = before.items.map((item) => item.order_id);
    expect(orderIds.indexOf(first.id)).toBeLessThan(orderIds.indexOf(second.id));
    const count = before.all_day.find((c) => c.product_id === menu.a.id)!.quantity;
    const line = before.items.find((item) => item.order_id === first.id)!;
    expect((await bump(line.id)).statusCode).toBe(200);
    const after = await items(campina.id, coldId);
    expect(after.all_day.find((c) => c.product_id === menu.a.id)!.quantity).toBe(count - 2);
  });
});

describe('bump, unbump and the expo', () => {
  it('bumps each station’s items, tells the branch’s screens, and the expo says ready to pack; Listo takes it off', async () => {
    const order = await placeOrder([menu.a, menu.c]);
    await setStatus(order.id, 'accepted');
    const screen = await socketOf(tokens.staff);
    const [fryerPart, coldPart] = await stationItemsOfOrder(t.database.db, order.id);
    const fryerLine = fryerPart!.lines[0]!;
    const coldLine = coldPart!.lines[0]!;

    const heard = next<unknown>(screen, 'station-item');
    const res = await bump(fryerLine.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = bumpResponse.parse(res.json());
    expect(answer).toMatchObject({
      id: fryerLine.id,
      order_id: order.id,
      station_id: fryerPart!.station_id,
    });
    expect(answer.bumped_at).not.toBeNull();
    expect(stationItemEventSchema.parse(await heard)).toEqual({
      branch_id: campina.id,
      order_id: order.id,
      item_id: fryerLine.id,
      station_id: fryerPart!.station_id,
      bumped_at: answer.bumped_at,
    });

    const entry = async () => (await expo()).find((o) => o.order_id === order.id);
    expect(await entry()).toMatchObject({
      ready_to_pack: false,
      stations: [
        { name: 'Freidora', done: 1, pending: 0 },
        { name: 'Fríos', done: 0, pending: 1 },
      ],
    });
    expect((await bump(coldLine.id)).statusCode).toBe(200);
    expect((await entry())?.ready_to_pack).toBe(true);

    // Taken back: pending again, and told as such.
    const undone = next<unknown>(screen, 'station-item');
    const back = await bump(coldLine.id, 'unbump');
    expect(bumpResponse.parse(back.json()).bumped_at).toBeNull();
    expect(stationItemEventSchema.parse(await undone).bumped_at).toBeNull();
    expect((await entry())?.ready_to_pack).toBe(false);
    await bump(coldLine.id);
    expect((await entry())?.ready_to_pack).toBe(true);

    await setStatus(order.id, 'ready');
    expect(await entry()).toBeUndefined();
    // A ready order is no longer the kitchen's to bump.
    const late = await bump(coldLine.id, 'unbump');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/no está en preparación/);
  });

  it('refuses another branch’s staff with 403, an unknown item or station with 404, a bad id with 400', async () => {
    const order = await placeOrder([menu.a], chico.id);
    const admin = tokens.admin;
    await setStatus(order.id, 'accepted', admin);
    const [part] = await stationItemsOfOrder(t.database.db, order.id);
    expect((await bump(part!.lines[0]!.id)).statusCode).toBe(403);
    for (const path of [`stations/${part!.station_id}/items`, 'expo', 'stations']) {
      const res = await t.app.inject({
        url: `/api/staff/branches/${chico.id}/${path}`,
        headers: bearer(tokens.staff),
      });
      expect(res.statusCode, path).toBe(403);
    }
    expect((await bump(99_999_999)).statusCode).toBe(404);
    const bad = await bump('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/id/i);
    const otherStation = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/stations/${part!.station_id}/items`,
      headers: bearer(tokens.staff),
    });
    expect(otherStation.statusCode).toBe(404);
    expect(otherStation.json().message).toBe('No encontramos esa estación');
  });
});
