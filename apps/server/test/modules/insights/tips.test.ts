import {
  branchSummaryResponse,
  chainDayRange,
  DAY_CSV_HEADER,
  liveReport,
  salesReport,
  type PlacedOrder,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayOn } from '../../helpers/clock';
import { bearer, login } from '../../helpers/ordering';
import {
  eventually,
  payAtCheckout,
  paymentScene,
  placeOnline,
  type PaymentScene,
} from '../../helpers/payments';

// The courier's tip is paid with the order and given back with it, but it is never a sale
// (decision 085): Día, its CSV and Informes count the order's total, the CSV names the tip apart.

const TIP = 4000;
const ZONE = 'Barrio Propina';
let s: PaymentScene;
let addressId: number;
let adminToken: string;

beforeAll(async () => {
  s = await paymentScene();
  adminToken = await login(s.t.app, 'admin@comanda.test');
  const address = await s.t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(s.customerToken),
    payload: { label: 'Casa', address: 'Cl. 93 #11-20', neighbourhood: ZONE, city: 'Bogotá' },
  });
  addressId = address.json().results.id as number;
  const zones = await s.t.database.db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', s.branch.id)
    .execute();
  const zone = { neighbourhood: ZONE, fee: 2500, min_order: 0, delivery_minutes: 15 };
  const put = await s.t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${s.branch.id}/zones`,
    headers: bearer(adminToken),
    payload: { zones: [...zones, zone] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  await s.close();
});

const read = (path: string, token = s.staffToken) =>
  s.t.app.inject({ url: path, headers: bearer(token) }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res;
  });

/**
 * The order is placed and its day read on one chain day: with under a minute of today left (the
 * suite's run a minute before the chain's midnight reaches this file then), the app's clock
 * moves on to the next day first. Each count is of "today", which midnight would change between
 * the order and the reading.
 */
function withinOneChainDay() {
  const { end } = chainDayRange(todayOn(s.t.clock));
  if (end.getTime() - s.t.clock.now() < 60_000) s.t.clock.set(end.getTime() + 1000);
}

/** Día's sales, Informes' sales and the live view's sales for today: three ways to count one day. */
async function salesFigures() {
  const today = todayOn(s.t.clock);
  const base = `/api/staff/branches/${s.branch.id}`;
  const report = salesReport.parse(
    (await read(`${base}/insights/sales?from=${today}&to=${today}`)).json(),
  );
  const day = branchSummaryResponse.parse((await read(`${base}/summary?date=${today}`)).json());
  const live = liveReport.parse((await read('/api/admin/insights/live', adminToken)).json());
  const branch = live.branches.find((b) => b.branch_id === s.branch.id);
  return {
    informes: report.totals.sales,
    dia: day.results.sales.total,
    live: branch?.today.sales,
    refunds: [report.totals.refunds, day.results.refunds.total],
  };
}

describe('a tipped delivery paid online', () => {
  it('is charged with its tip, sold without it, and given back whole', async () => {
    withinOneChainDay();
    const placed = await placeOnline(
      s.customer,
      s.payload({ type_delivery: 2, address_id: addressId, tip: TIP }),
    );
    const order: PlacedOrder = placed.order;
    expect(order.tip).toBe(TIP);
    const attempt = await s.t.database.db
      .selectFrom('payments')
      .select('amount')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempt.amount)).toBe(order.total + TIP);
    await payAtCheckout(placed.redirect, 'APPROVED');
    await eventually(
      () => s.order(order.id),
      (o) => o.status === 'received',
    );
    const accept = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/status`,
      headers: bearer(s.staffToken),
      payload: { status: 'accepted' },
    });
    expect(accept.statusCode, accept.body).toBe(200);

    expect(await salesFigures()).toEqual({
      informes: order.total,
      dia: order.total,
      live: order.total,
      refunds: [0, 0],
    });
    const csv = (await read(`/api/staff/branches/${s.branch.id}/day.csv`)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe(DAY_CSV_HEADER.join(','));
    const row = csv.find((line) => line.startsWith(`${order.id},`))!.split(',');
    // Plain numbers and no quoted cell before them in this row: the demo method has no comma.
    const cell = (name: (typeof DAY_CSV_HEADER)[number]) =>
      row[row.length - DAY_CSV_HEADER.length + DAY_CSV_HEADER.indexOf(name)];
    expect([cell('Total'), cell('Propina')]).toEqual([String(order.total), String(TIP)]);

    // Staff give back all that is left: the sale and the tip, paid together.
    const refund = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/refund`,
      headers: bearer(s.staffToken),
      payload: { reason: 'Pedido equivocado' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await eventually(
      () => s.order(order.id),
      (o) => o.payment_status === 'refunded',
    );
    expect(refunded.refunded_amount).toBe(order.total + TIP);
    expect(await salesFigures()).toEqual({
      informes: 0,
      dia: 0,
      live: 0,
      refunds: [order.total, order.total],
    });
  });
});
