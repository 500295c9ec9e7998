import {
  addDays,
  branchSummaryResponse,
  chainToday,
  liveReport,
  slotsResponse,
  type LiveBranch,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { todayOn } from '../../helpers/clock';
import {
  availableProducts,
  branchBySlug,
  cartItem,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { next } from '../../helpers/sockets';
import {
  call,
  dispatchWorld,
  onShift,
  readyDelivery,
  socketOf,
  type DispatchWorld,
} from '../dispatch/dispatch-support';

// Informes' "Ahora": every branch at this moment for head office. The demo's Campiña (with its
// couriers) and Chico, another branch whose staff Campiña's never hear.

const MINUTE = 60_000;

let t: TestApp;
let w: DispatchWorld;
let chico: { id: number; title: string };
let customer: Socket;
let campinaProduct: Product;
let chicoProduct: Product;

const live = async (token = w.tokens.admin) => {
  const res = await call(t, 'GET', '/api/admin/insights/live', token);
  expect(res.statusCode).toBe(200);
  return liveReport.parse(res.json());
};
const rowOf = (report: { branches: LiveBranch[] }, id: number) =>
  report.branches.find((branch) => branch.branch_id === id)!;

const step = async (id: number, body: Record<string, unknown>) => {
  const res = await call(t, 'POST', `/api/staff/orders/${id}/status`, w.tokens.admin, body);
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
};

const placeAt = (branchId: number, product: Product, overrides: Record<string, unknown> = {}) =>
  place(customer, orderPayload(branchId, [cartItem(product)], overrides));

beforeAll(async () => {
  t = await buildTestApp();
  w = await dispatchWorld(t);
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, chico.id);
  customer = await socketOf(w, w.tokens.customer);
  campinaProduct = w.product;
  [chicoProduct] = (await availableProducts(t.app, t.database, chico.id, 1)) as [Product];
});
afterAll(async () => {
  for (const socket of w.sockets) socket.disconnect();
  await t.close();
});

describe('who may read it', () => {
  it('is for admins: staff get 403, nobody signed in 401', async () => {
    const staff = await call(t, 'GET', '/api/admin/insights/live', w.tokens.staff);
    expect(staff.statusCode).toBe(403);
    expect((await t.app.inject('/api/admin/insights/live')).statusCode).toBe(401);
  });
});

describe('every branch now', () => {
  it('lists every active branch once, in the chain order, quiet ones with zeros', async () => {
    const report = await live();
    const active = await t.database.db
      .selectFrom('branches')
      .select('id')
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
    expect(report.branches.map((branch) => branch.branch_id)).toEqual(active.map((b) => b.id));
    expect(report.at).toBe(new Date(Date.parse(report.at)).toISOString());
    expect(rowOf(report, chico.id)).toMatchObject({
      name: chico.title,
      state: 'open',
      paused_until: null,
      waiting: 0,
      late: 0,
      oldest_waiting_at: null,
      couriers_out: 0,
    });
  });

  it('counts the orders waiting for an answer and when the oldest began, not a scheduled one before its fire time', async () => {
    const first = await placeAt(w.branch.id, campinaProduct);
    t.clock.advance(4 * MINUTE);
    await placeAt(w.branch.id, campinaProduct);
    // Due in two days: it waits in Programados and rings nobody until its fire time.
    const day = addDays(todayOn(t.clock), 2);
    const slots = await t.app.inject(`/api/branches/${w.branch.id}/slots?date=${day}`);
    const slot = slotsResponse.parse(slots.json()).results.find((s) => s.available)!;
    const scheduled = await placeAt(w.branch.id, campinaProduct, { scheduled_for: slot.start });
    expect(scheduled.status).toBe('received');

    const row = rowOf(await live(), w.branch.id);
    expect(row.waiting).toBe(2);
    expect(row.oldest_waiting_at).toBe(first.placed_at);
    expect(row.late).toBe(0);

    // Answered, it no longer waits: the oldest is the other one now.
    await step(first.id, { status: 'rejected', reason: 'Cocina saturada' });
    const after = rowOf(await live(), w.branch.id);
    expect(after.waiting).toBe(1);
    expect(Date.parse(after.oldest_waiting_at!)).toBeGreaterThan(Date.parse(first.placed_at));
  });

  it('counts an order past its promised time while the kitchen has it, and stops once it is ready', async () => {
    const order = await placeAt(w.branch.id, campinaProduct);
    await step(order.id, { status: 'accepted', prep_minutes: 5 });
    expect(rowOf(await live(), w.branch.id).late).toBe(0);
    t.clock.advance(6 * MINUTE);
    expect(rowOf(await live(), w.branch.id).late).toBe(1);
    await step(order.id, { status: 'ready' });
    expect(rowOf(await live(), w.branch.id).late).toBe(0);
  });

  it("sums today's sales as Día does: taken on and not called off, net of refunds", async () => {
    const sold: PlacedOrder[] = [];
    for (const steps of [['accepted'], ['accepted', 'ready', 'delivered']]) {
      const order = await placeAt(chico.id, chicoProduct);
      for (const status of steps) await step(order.id, { status });
      sold.push(order);
    }
    const cancelled = await placeAt(chico.id, chicoProduct);
    await step(cancelled.id, { status: 'accepted' });
    await step(cancelled.id, { status: 'cancelled', reason: 'El cliente lo canceló' });
    await placeAt(chico.id, chicoProduct); // still unanswered: not a sale yet
    // What a refund of the delivered one gave back (decision 061) is out of the sales.
    await t.database.db
      .updateTable('orders')
      .set({ refunded_amount: 1000 })
      .where('id', '=', sold[1]!.id)
      .execute();

    const report = await live();
    const today = chainToday(new Date(report.at));
    const todays = sold.filter((order) => chainToday(new Date(order.created_at)) === today);
    const expected = todays.reduce((sum, order) => sum + order.total, 0);
    const refunded = todays.includes(sold[1]!) ? 1000 : 0;
    expect(rowOf(report, chico.id).today).toEqual({
      orders: todays.length,
      sales: expected - refunded,
    });
    // The same figure as the branch's own Día.
    const dia = await call(t, 'GET', `/api/staff/branches/${chico.id}/summary`, w.tokens.admin);
    const { sales } = branchSummaryResponse.parse(dia.json()).results;
    expect(rowOf(report, chico.id).today).toEqual({ orders: sales.orders, sales: sales.total });
  });

  it('says which branches are paused (until when) with their rush minutes, and which are closed', async () => {
    const put = (path: string, payload: object) =>
      call(t, 'PUT', `/api/staff/branches/${chico.id}/${path}`, w.tokens.admin, payload);
    expect((await put('pause', { minutes: 30 })).statusCode).toBe(200);
    expect((await put('rush', { extra_minutes: 15 })).statusCode).toBe(200);
    const closed = await t.database.db
      .selectFrom('branches')
      .select('id')
      .where('active', '=', 1)
      .where('id', 'not in', [chico.id, w.branch.id])
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('branch_hours').where('branch_id', '=', closed.id).execute();

    const report = await live();
    const paused = rowOf(report, chico.id);
    expect(paused).toMatchObject({ state: 'paused', rush_minutes: 15 });
    const until = Date.parse(paused.paused_until!) - Date.parse(report.at);
    expect(until).toBeGreaterThan(29 * MINUTE);
    expect(until).toBeLessThanOrEqual(30 * MINUTE);
    expect(rowOf(report, closed.id)).toMatchObject({ state: 'closed', paused_until: null });
    expect(rowOf(report, w.branch.id).state).toBe('open');

    // Paused until reopened: no end to show.
    expect((await put('pause', { until_reopened: true })).statusCode).toBe(200);
    expect(rowOf(await live(), chico.id)).toMatchObject({ state: 'paused', paused_until: null });
    expect((await put('pause', { minutes: 0 })).statusCode).toBe(200);
    expect((await put('rush', { extra_minutes: 0 })).statusCode).toBe(200);
    expect(rowOf(await live(), chico.id)).toMatchObject({ state: 'open', rush_minutes: 0 });
  });

  it('counts a courier on the road once the trip has left, not while it is only assigned', async () => {
    await onShift(t, w.tokens.courier);
    const order = await readyDelivery(t, w);
    const made = await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
      courier_id: w.courierIds.courier,
      order_ids: [order.id],
    });
    expect(made.statusCode).toBe(201);
    const tripId = made.json().results.id as number;
    expect(rowOf(await live(), w.branch.id).couriers_out).toBe(0);
    const left = await call(t, 'POST', `/api/courier/trips/${tripId}/depart`, w.tokens.courier);
    expect(left.statusCode).toBe(200);
    const report = await live();
    expect(rowOf(report, w.branch.id).couriers_out).toBe(1);
    expect(rowOf(report, chico.id).couriers_out).toBe(0);
  });
});

describe('live over the board’s channel', () => {
  it("tells an admin's socket of every branch's order and pause, and a staff socket of its own branch only", async () => {
    const admin = await socketOf(w, w.tokens.admin);
    const staff = await socketOf(w, w.tokens.staff);
    const staffHeard: PlacedOrder[] = [];
    staff.on('new-order', (order: PlacedOrder) => staffHeard.push(order));
    const before = rowOf(await live(), chico.id).waiting;

    const adminHears = next<PlacedOrder>(admin, 'new-order');
    const elsewhere = await placeAt(chico.id, chicoProduct);
    expect((await adminHears).id).toBe(elsewhere.id);
    // What the screen then reads again has it.
    expect(rowOf(await live(), chico.id).waiting).toBe(before + 1);

    // An order at Campiña after it: each socket hears events in the order they were sent, so once
    // Campiña's staff hear theirs they would have heard Chico's before it.
    const staffHears = next<PlacedOrder>(staff, 'new-order');
    const own = await placeAt(w.branch.id, campinaProduct);
    expect((await staffHears).id).toBe(own.id);
    expect(staffHeard.map((order) => order.id)).toEqual([own.id]);

    const paused = next<{ branch_id: number; paused: boolean }>(admin, 'branch-status');
    const pause = await call(t, 'PUT', `/api/staff/branches/${chico.id}/pause`, w.tokens.admin, {
      minutes: 15,
    });
    expect(pause.statusCode).toBe(200);
    expect(await paused).toMatchObject({ branch_id: chico.id, paused: true });
    expect(rowOf(await live(), chico.id).state).toBe('paused');
    await call(t, 'PUT', `/api/staff/branches/${chico.id}/pause`, w.tokens.admin, { minutes: 0 });
  });
});
