import {
  branchSummaryResponse,
  DAY_CSV_HEADER,
  ORDER_STATUSES,
  type OrderStatus,
  type PlacedOrder,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { todayOn } from '../../helpers/clock';
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

// "Día" against orders placed here in every status: only what the branch took on (accepted or
// further along, never cancelled) is a sale; the rest is counted apart. And the same day as CSV.

const MINUTE = 60_000;
let t: TestApp;
let branch: { id: number; title: string };
let staff: string;
const placed = new Map<OrderStatus, PlacedOrder>();
const sockets: Socket[] = [];

const change = async (id: number, payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(staff),
    payload,
  });
  expect(res.statusCode, JSON.stringify(payload)).toBe(200);
};

/** Every status an order takes at its branch (those of an unpaid online order never reach it). */
type AtTheBranch = Exclude<OrderStatus, 'awaiting_payment' | 'payment_expired'>;

/** The steps from "Recibido" to each status (on_the_way needs a delivery order: set below). */
const STEPS: Record<AtTheBranch, Record<string, unknown>[]> = {
  received: [],
  accepted: [{ status: 'accepted' }],
  preparing: [{ status: 'accepted' }, { status: 'preparing' }],
  ready: [{ status: 'accepted' }, { status: 'ready' }],
  on_the_way: [{ status: 'accepted' }, { status: 'ready' }, { status: 'on_the_way' }],
  delivered: [{ status: 'accepted' }, { status: 'ready' }, { status: 'delivered' }],
  rejected: [{ status: 'rejected', reason: 'Cocina saturada' }],
  // Called off after it was ready: the courier never came.
  cancelled: [
    { status: 'accepted' },
    { status: 'ready' },
    { status: 'cancelled', reason: '=HYPERLINK("x")' },
  ],
};

const BRANCH_STATUSES = ORDER_STATUSES.filter((status): status is AtTheBranch => status in STEPS);

beforeAll(async () => {
  t = await buildTestApp();
  // The orders go in one chain day, the one the summary reads: a run that starts within two
  // minutes of the chain's midnight (TEST_CLOCK_START) places them after it.
  const soon = { now: () => t.clock.now() + 2 * MINUTE };
  if (todayOn(soon) !== todayOn(t.clock)) t.clock.advance(2 * MINUTE);
  const url = await listen(t.app);
  branch = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, branch.id);
  staff = await login(t.app, 'admin@comanda.test');
  const customer = openSocket(url, await login(t.app, 'cliente@comanda.test'));
  sockets.push(customer);
  await connected(customer);
  const [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  let quantity = 1;
  for (const status of BRANCH_STATUSES) {
    const order = await place(
      customer,
      orderPayload(branch.id, [cartItem(product, quantity)], {
        payment: { id: quantity % 2 ? 1 : 2 },
      }),
    );
    quantity += 1;
    if (status === 'on_the_way')
      await t.database.db
        .updateTable('orders')
        .set({ type_delivery: 2 })
        .where('id', '=', order.id)
        .execute();
    for (const step of STEPS[status]) await change(order.id, step);
    placed.set(status, { ...order, type_delivery: status === 'on_the_way' ? 2 : 1 });
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('the day in every status', () => {
  it('sums as sales only the orders accepted or further along; received, rejected and cancelled apart', async () => {
    const res = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/summary`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const day = branchSummaryResponse.parse(res.json()).results;
    const of = (...statuses: OrderStatus[]) => statuses.map((status) => placed.get(status)!);
    const total = (orders: PlacedOrder[]) => orders.reduce((sum, o) => sum + o.total, 0);
    const sold = of('accepted', 'preparing', 'ready', 'on_the_way', 'delivered');

    expect(day.orders).toBe(BRANCH_STATUSES.length);
    expect(day.sales).toEqual({ orders: 5, total: total(sold) });
    expect(day.received).toEqual({ orders: 1, total: placed.get('received')!.total });
    expect(day.rejected).toEqual({
      orders: 1,
      reasons: [{ reason: 'Cocina saturada', orders: 1 }],
    });
    expect(day.cancelled).toBe(1);
    // By payment: methods 1 and 2 alternate with the quantity; their sums are the sales.
    expect(day.by_payment.reduce((sum, p) => sum + p.total, 0)).toBe(total(sold));
    expect(day.by_payment.reduce((sum, p) => sum + p.orders, 0)).toBe(5);
    expect(day.by_type).toEqual(
      expect.arrayContaining([
        {
          type_delivery: 1,
          label: 'Recoger',
          orders: 4,
          total: total(of('accepted', 'preparing', 'ready', 'delivered')),
        },
        { type_delivery: 2, label: 'Domicilio', orders: 1, total: placed.get('on_the_way')!.total },
      ]),
    );
    expect(day.by_type).toHaveLength(2);
    // Accepted a moment after placing, here: both averages exist and are small.
    expect(day.average_accept_minutes).not.toBeNull();
    expect(day.average_accept_minutes!).toBeLessThan(1);
    expect(day.average_ready_minutes).not.toBeNull();
  });

  it('gives the same day as CSV: one row per order, sales marked, formulas defused', async () => {
    const res = await t.app.inject({
      url: `/api/staff/branches/${branch.id}/day.csv`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="dia-sede-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(DAY_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + BRANCH_STATUSES.length);
    const sales = lines.slice(1).filter((line) => line.includes(',Sí,'));
    expect(sales).toHaveLength(5);
    const cancelled = lines.find((line) => line.startsWith(`${placed.get('cancelled')!.id},`))!;
    // The reason a person typed cannot run as a formula in a spreadsheet.
    expect(cancelled).toContain(`"'=HYPERLINK(""x"")"`);
    expect(cancelled).toContain('Cancelado');
  });

  it("refuses another branch's staff and a customer", async () => {
    const campina = await login(t.app, 'campina@comanda.test');
    const customer = await login(t.app, 'cliente@comanda.test');
    for (const token of [campina, customer]) {
      const res = await t.app.inject({
        url: `/api/staff/branches/${branch.id}/day.csv`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
