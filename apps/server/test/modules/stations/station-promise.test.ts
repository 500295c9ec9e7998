import {
  branchSummaryResponse,
  chainToday,
  deliveryEstimate,
  orderResponse,
  queueReadyAfter,
  slotsResponse,
  STATION_MIN_BUMPS,
  stationListResponse,
  suggestedPrepMinutesResponse,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Time per station feeds the promise (decision 088): with enough bumps at every station that has
// work, the estimate before ordering and the minutes at Aceptar come from each station's backlog
// at its measured speed (the slowest station sets them); with fewer, the queue-only estimate.
// Día shows each station's minutes per item.

const MINUTE = 60_000;
let t: TestApp;
let url: string;
let campina: { id: number };
let tokens: { customer: string; staff: string; admin: string };
/** `grill` goes to Parrilla, `fryer` to Freidora (campina's own routing). */
let menu: { grill: Product; fryer: Product };
let stationIds: { grill: number; fryer: number };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, campina.id);
  await t.database.db
    .updateTable('branches')
    .set({ prep_minutes: 20, rush_minutes: 0, paused_until: null })
    .where('id', '=', campina.id)
    .execute();
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  const [grill, fryer] = await availableProducts(t.app, t.database, campina.id, 2);
  menu = { grill: grill!, fryer: fryer! };
  const res = await t.app.inject({
    url: `/api/admin/branches/${campina.id}/stations`,
    headers: bearer(tokens.admin),
  });
  const list = stationListResponse.parse(res.json()).results;
  const id = (name: string) => list.find((station) => station.name === name)!.id;
  stationIds = { grill: id('Parrilla'), fryer: id('Freidora') };
  await t.database.db
    .insertInto('branch_product_stations')
    .values([
      { branch_id: campina.id, product_id: menu.grill.id, station_id: stationIds.grill },
      { branch_id: campina.id, product_id: menu.fryer.id, station_id: stationIds.fryer },
    ])
    .execute();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

async function placeOrder(units: { grill: number; fryer: number }): Promise<PlacedOrder> {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return place(
    socket,
    orderPayload(campina.id, [
      cartItem(menu.grill, units.grill),
      cartItem(menu.fryer, units.fryer),
    ]),
  );
}

/**
 * `count` bumps per station ending `endedAgo` minutes ago: one order's lines copied, each bumped
 * in turn, the grill one every `grillEvery` minutes and the fryer one every `fryerEvery`, always
 * busy. The order is delivered (out of the open work) and started before the first bump.
 */
async function bumpHistory(
  count: number,
  grillEvery: number,
  fryerEvery: number,
  endedAgo: number,
) {
  const order = await placeOrder({ grill: 1, fryer: 1 });
  const now = t.clock.now();
  const started = now - (count * grillEvery + endedAgo) * MINUTE;
  await t.database.db
    .updateTable('orders')
    .set({ status: 'delivered', accepted_at: new Date(started).toISOString() })
    .where('id', '=', order.id)
    .execute();
  const lines = await t.database.db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  for (const [line, every] of [
    [lines.find((row) => row.product_id === menu.grill.id)!, grillEvery],
    [lines.find((row) => row.product_id === menu.fryer.id)!, fryerEvery],
  ] as const) {
    const { id: _, ...copy } = line;
    await t.database.db
      .insertInto('order_lines')
      .values(
        Array.from({ length: count }, (__, index) => ({
          ...copy,
          bumped_at: new Date(started + (index + 1) * every * MINUTE).toISOString(),
        })),
      )
      .execute();
  }
  // The speeds are remembered a minute; the queue a second.
  t.clock.advance(61_000);
}

async function asapEta(): Promise<[number, number]> {
  const day = chainToday(new Date(t.clock.now()));
  const res = await t.app.inject(`/api/branches/${campina.id}/slots?date=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return slotsResponse.parse(res.json()).asap.eta!;
}

/** The minutes promised when staff accept without saying how many (the server's suggestion). */
async function acceptedMinutes(order: PlacedOrder) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${order.id}/status`,
    headers: bearer(tokens.staff),
    payload: { status: 'accepted' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { accepted_at, promised_at } = orderResponse.parse(res.json()).results;
  return Math.round((Date.parse(promised_at!) - Date.parse(accepted_at!)) / MINUTE);
}

/** GET …/prep-minutes?orders=: what the console's Aceptar sheet offers first. */
async function suggested(orders: string) {
  const res = await t.app.inject({
    url: `/api/staff/branches/${campina.id}/prep-minutes?orders=${orders}`,
    headers: bearer(tokens.staff),
  });
  expect(res.statusCode, res.body).toBe(200);
  return suggestedPrepMinutesResponse.parse(res.json()).results.minutes;
}

const etaFor = (start: number) =>
  deliveryEstimate({
    prep_minutes: queueReadyAfter(start, { prep_minutes: 20 }),
    rush_minutes: 0,
    zone_minutes: 0,
  });

describe('the promise by station', () => {
  it('keeps the queue-only estimate while a station with work has too few bumps, then lets the slow grill set it', async () => {
    // Three unanswered orders: 6 grill items and 6 fryer items waiting. Queue-only, ten orders
    // fit at once: a new one starts now.
    const open = [
      await placeOrder({ grill: 2, fryer: 2 }),
      await placeOrder({ grill: 2, fryer: 2 }),
      await placeOrder({ grill: 2, fryer: 2 }),
    ];
    t.clock.advance(1_100);
    expect(await asapEta()).toEqual(etaFor(0));

    // One bump short of enough at each station: still the queue-only estimate.
    await bumpHistory(STATION_MIN_BUMPS - 1, 5, 1, 5);
    expect(await asapEta()).toEqual(etaFor(0));

    // Enough bumps: the grill makes an item every 5 minutes, the fryer every minute. The grill's
    // 6 items ahead take 30 minutes; the fryer's 6, six: the grill sets the start.
    // (Earlier in the day than the first history: two histories at once would interleave.)
    await bumpHistory(STATION_MIN_BUMPS, 5, 1, 120);
    expect(await asapEta()).toEqual(etaFor(30));

    // Aceptar's suggestion for the first order counts the others' 4 grill items, not its own.
    const oldest = open[0]!;
    expect(await acceptedMinutes(oldest)).toBe(queueReadyAfter(20, { prep_minutes: 20 }, 4));

    // The console's sheet asks the same queue: one order (the other's 2 grill items and the
    // accepted one's 2 ahead), or two together (only the accepted one's 2 ahead, 8 units).
    expect(await suggested(`${open[1]!.id}`)).toBe(queueReadyAfter(20, { prep_minutes: 20 }, 4));
    expect(await suggested(`${open[1]!.id},${open[2]!.id}`)).toBe(
      queueReadyAfter(10, { prep_minutes: 20 }, 8),
    );

    // An order of fries alone waits for the fryer's 6 items ahead (6 minutes), not for the
    // grill's 30: at the sheet, and when accepted.
    const socket = openSocket(url, tokens.customer);
    sockets.push(socket);
    await connected(socket);
    const fries = await place(socket, orderPayload(campina.id, [cartItem(menu.fryer, 2)]));
    t.clock.advance(1_100);
    expect(await suggested(`${fries.id}`)).toBe(queueReadyAfter(6, { prep_minutes: 20 }, 2));
    expect(await acceptedMinutes(fries)).toBe(queueReadyAfter(6, { prep_minutes: 20 }, 2));
  });

  it('refuses a malformed list of orders with 400 in Spanish, and another branch’s staff with 403', async () => {
    const bad = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/prep-minutes?orders=uno,dos`,
      headers: bearer(tokens.staff),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('separados por comas');
    const chico = await branchBySlug(t.database, 'chico');
    const other = await t.app.inject({
      url: `/api/staff/branches/${chico.id}/prep-minutes?orders=1`,
      headers: bearer(tokens.staff),
    });
    expect(other.statusCode).toBe(403);
  });

  it('shows each station’s items and minutes per item in Día', async () => {
    // The day of the later history's fryer bumps (about 90 minutes ago), which holds most of
    // both stations' bumps whatever the hour: a minute after the chain's midnight
    // (TEST_CLOCK_START in CI) today has none of them.
    const day = chainToday(new Date(t.clock.now() - 90 * MINUTE));
    const res = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/summary?date=${day}`,
      headers: bearer(tokens.staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { stations } = branchSummaryResponse.parse(res.json()).results;
    const grill = stations.find((station) => station.station_id === stationIds.grill)!;
    const fryer = stations.find((station) => station.station_id === stationIds.fryer)!;
    const cold = stations.find((station) => station.name === 'Fríos')!;
    // The histories may straddle that day's start: whatever part of them fell on it.
    expect(grill.items).toBeGreaterThan(0);
    expect(grill.average_item_minutes).toBeGreaterThanOrEqual(4);
    expect(grill.average_item_minutes).toBeLessThanOrEqual(7);
    expect(fryer.average_item_minutes).toBeLessThan(2);
    expect(cold).toMatchObject({ items: 0, average_item_minutes: null });
  });
});
