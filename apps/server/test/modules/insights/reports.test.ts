import {
  branchesReport,
  channelsReport,
  customersReport,
  heatmapReport,
  INSIGHTS_MESSAGES,
  productsReport,
  promiseReport,
  refusalsReport,
  salesReport,
  type PlacedOrder,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/lib/csv';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { issueCode } from '../../helpers/coupons';
import { bearer } from '../../helpers/ordering';
import { closeWorld, insightsWorld, moveTo, placeAt, type InsightsWorld } from './insights-support';

// Every report against orders placed at known instants on the chain's clock (decision 069):
// Friday 14 March 2031 at 23:50 in Bogotá and Saturday the 15th at 00:10 are two days here,
// though both are the 15th in UTC. A = the new customer's first sale, ready on time; B = their
// second, ready 14 minutes late; C rejected; D accepted then cancelled; E with a coupon at the
// other branch, still being made; F delivered 4 minutes late to Chicó Norte.

const D = '2031-03-14';
const D1 = '2031-03-15';
const MINUTE = 60_000;
/** Bogotá is UTC−5 all year. */
const at = (day: string, clock: string) => Date.parse(`${day}T${clock}:00.000-05:00`);

let t: TestApp;
let world: InsightsWorld;
let o: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', PlacedOrder>;

async function timeline() {
  const move = (id: number, clock: [string, string], payload: Record<string, unknown>) => {
    t.clock.set(at(...clock));
    return moveTo(t, world, id, payload);
  };
  t.clock.set(at(D, '23:45'));
  const code = await issueCode(t.database, world.terminal.id, { amount: 3000 });
  await t.database.db
    .updateTable('coupon_codes')
    .set({
      created_at: new Date(t.clock.now()).toISOString(),
      expires_at: new Date(t.clock.now() + 30 * 24 * 60 * MINUTE).toISOString(),
    })
    .where('code', '=', code)
    .execute();
  const address = await t.database.db
    .selectFrom('addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.id')
    .where('u.email', '=', 'cliente@comanda.test')
    .where('a.neighbourhood', '=', 'Chicó Norte')
    .executeTakeFirstOrThrow();

  t.clock.set(at(D, '23:50'));
  const A = await placeAt(world, 'fresh', world.chico.id, [2, 1]);
  await move(A.id, [D, '23:51'], { status: 'accepted', prep_minutes: 10 });
  await move(A.id, [D, '23:55'], { status: 'ready' });
  await move(A.id, [D, '23:56'], { status: 'delivered' });
  t.clock.set(at(D1, '00:10'));
  const B = await placeAt(world, 'fresh', world.chico.id, [1]);
  await move(B.id, [D1, '00:11'], { status: 'accepted', prep_minutes: 5 });
  await move(B.id, [D1, '00:30'], { status: 'ready' });
  t.clock.set(at(D1, '00:40'));
  const C = await placeAt(world, 'customer', world.chico.id, [1]);
  await move(C.id, [D1, '00:41'], { status: 'rejected', reason: 'Cocina saturada' });
  t.clock.set(at(D1, '00:45'));
  const Dd = await placeAt(world, 'customer', world.chico.id, [1]);
  await move(Dd.id, [D1, '00:46'], { status: 'accepted', prep_minutes: 20 });
  await move(Dd.id, [D1, '00:47'], { status: 'cancelled', reason: 'El cliente llamó' });
  t.clock.set(at(D1, '01:00'));
  const E = await placeAt(world, 'customer', world.terminal.id, [1, 1], { coupon_code: code });
  // Taken by phone (decision 087): the channel is written with the order, as the counter writes it.
  await t.database.db
    .updateTable('orders')
    .set({ channel: 'telefono' })
    .where('id', '=', E.id)
    .execute();
  await move(E.id, [D1, '01:01'], { status: 'accepted', prep_minutes: 15 });
  t.clock.set(at(D1, '01:10'));
  const F = await placeAt(world, 'customer', world.chico.id, [3], {
    type_delivery: 2,
    address_id: address.id,
  });
  await move(F.id, [D1, '01:11'], { status: 'accepted', prep_minutes: 10 });
  await move(F.id, [D1, '01:20'], { status: 'ready' });
  await move(F.id, [D1, '01:25'], { status: 'delivered' });
  t.clock.set(at(D1, '09:00'));
  return { A, B, C, D: Dd, E, F };
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(at(D, '23:40'));
  world = await insightsWorld(t);
  o = await timeline();
}, 120_000);
afterAll(async () => {
  if (world) closeWorld(world);
  await t.close();
});

const get = (path: string, token = world.tokens.admin) =>
  t.app.inject({ url: path, headers: bearer(token) });
const json = async (path: string, token?: string) => {
  const res = await get(path, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};
const chain = (report: string, query: string) => json(`/api/admin/insights/${report}?${query}`);
const total = (...orders: PlacedOrder[]) => orders.reduce((sum, order) => sum + order.total, 0);
const both = `from=${D}&to=${D1}`;

describe('sales and the heatmap', () => {
  it("cut the days at the chain's midnight, not UTC's", async () => {
    const friday = salesReport.parse(await chain('sales', `from=${D}&to=${D}`));
    expect(friday.totals).toMatchObject({ orders: 1, sales: o.A.total });
    const saturday = salesReport.parse(
      await chain('sales', `from=${D1}&to=${D1}&compare=previous`),
    );
    expect(saturday.granularity).toBe('hour');
    expect(saturday.previous).toEqual({ from: D, to: D });
    expect(saturday.points).toHaveLength(24);
    const point = (key: string) => saturday.points.find((p) => p.key === key);
    expect(point('00')).toEqual({
      key: '00',
      orders: 1,
      sales: o.B.total,
      previous_orders: 0,
      previous_sales: 0,
    });
    expect(point('01')).toMatchObject({ orders: 2, sales: total(o.E, o.F) });
    expect(point('23')).toMatchObject({ orders: 0, previous_orders: 1, previous_sales: o.A.total });
    expect(saturday.previous_totals).toMatchObject({ orders: 1, sales: o.A.total });
  });

  it('adds up sales, the average ticket and the discounts, with an empty previous period', async () => {
    const report = salesReport.parse(await chain('sales', `${both}&compare=previous`));
    const sold = [o.A, o.B, o.E, o.F];
    expect(report.granularity).toBe('day');
    expect(report.points.map((p) => [p.key, p.orders, p.sales])).toEqual([
      [D, 1, o.A.total],
      [D1, 3, total(o.B, o.E, o.F)],
    ]);
    expect(report.totals).toEqual({
      orders: 4,
      sales: total(...sold),
      average_ticket: Math.round(total(...sold) / 4),
      discounts: o.E.discount,
      refunds: 0,
    });
    expect(o.E.discount).toBe(3000);
    expect(report.previous).toEqual({ from: '2031-03-12', to: '2031-03-13' });
    expect(report.previous_totals).toEqual({
      orders: 0,
      sales: 0,
      average_ticket: 0,
      discounts: 0,
      refunds: 0,
    });
    const plain = salesReport.parse(await chain('sales', both));
    expect(plain.previous).toBeNull();
    expect(plain.points[0]!.previous_orders).toBeNull();
  });

  it("puts each sale in its weekday and hour on the chain's clock", async () => {
    const report = heatmapReport.parse(await chain('heatmap', both));
    expect(report.cells).toHaveLength(7 * 24);
    expect(report.cells.filter((c) => c.orders > 0)).toEqual([
      { weekday: 5, hour: 23, orders: 1, sales: o.A.total },
      { weekday: 6, hour: 0, orders: 1, sales: o.B.total },
      { weekday: 6, hour: 1, orders: 2, sales: total(o.E, o.F) },
    ]);
  });
});

describe('the branches, the promise and the refusals', () => {
  it('rank the branches by sales, with the promise and rejections', async () => {
    const report = branchesReport.parse(await chain('branches', `${both}&compare=previous`));
    const [first, second] = report.rows;
    expect(first).toEqual({
      branch_id: world.chico.id,
      name: world.chico.title,
      sales: total(o.A, o.B, o.F),
      orders: 3,
      average_ticket: Math.round(total(o.A, o.B, o.F) / 3),
      promise_kept_pct: 33.3,
      rejected: 1,
      previous: { sales: 0, orders: 0, average_ticket: 0, promise_kept_pct: null, rejected: 0 },
    });
    expect(second).toMatchObject({ branch_id: world.terminal.id, sales: o.E.total, orders: 1 });
    expect(second!.promise_kept_pct).toBeNull();
    // Every other active branch is listed, with nothing.
    expect(report.rows.slice(2).every((row) => row.sales === 0)).toBe(true);
    const one = branchesReport.parse(await chain('branches', `${both}&branch=${world.chico.id}`));
    expect(one.branch_id).toBe(world.chico.id);
    expect(one.rows.map((row) => row.branch_id)).toEqual([world.chico.id]);
  });

  it('measures the promise: ready for pickup, at the door for delivery', async () => {
    const report = promiseReport.parse(await chain('promise', both));
    expect(report.totals).toEqual({ measured: 3, kept: 1, kept_pct: 33.3 });
    expect(report.lateness).toEqual([
      { bucket: 'a_tiempo', orders: 1 },
      { bucket: '1_5', orders: 1 },
      { bucket: '6_10', orders: 0 },
      { bucket: '11_20', orders: 1 },
      { bucket: 'mas_20', orders: 0 },
    ]);
    expect(report.by_branch).toEqual([
      { branch_id: world.chico.id, name: world.chico.title, measured: 3, kept: 1, kept_pct: 33.3 },
    ]);
    expect(report.by_hour).toHaveLength(24);
    expect(report.by_hour.filter((h) => h.measured > 0)).toEqual([
      { hour: 0, measured: 1, kept: 0, kept_pct: 0 },
      { hour: 1, measured: 1, kept: 0, kept_pct: 0 },
      { hour: 23, measured: 1, kept: 1, kept_pct: 100 },
    ]);
  });

  it('counts rejections and cancellations by reason and branch, of all orders placed', async () => {
    const report = refusalsReport.parse(await chain('refusals', both));
    expect(report).toMatchObject({ rejected: 1, cancelled: 1, refused_pct: 33.3 });
    expect(report.reasons).toEqual([
      { status: 'rejected', reason: 'Cocina saturada', orders: 1 },
      { status: 'cancelled', reason: 'El cliente llamó', orders: 1 },
    ]);
    expect(report.by_branch).toEqual([
      { branch_id: world.chico.id, name: world.chico.title, orders: 5, rejected: 1, cancelled: 1 },
      {
        branch_id: world.terminal.id,
        name: world.terminal.title,
        orders: 1,
        rejected: 0,
        cancelled: 0,
      },
    ]);
  });
});

describe('products, channels and customers', () => {
  it('lists what sold, what never did and the options chosen', async () => {
    const report = productsReport.parse(await chain('products', both));
    const units = new Map<number, { quantity: number; sales: number }>();
    const options = new Map<string, number>();
    for (const order of [o.A, o.B, o.E, o.F])
      for (const line of order.detail) {
        const row = units.get(line.product_id) ?? { quantity: 0, sales: 0 };
        units.set(line.product_id, {
          quantity: row.quantity + line.quantity,
          sales: row.sales + line.total,
        });
        for (const option of line.options)
          options.set(option.title, (options.get(option.title) ?? 0) + line.quantity);
      }
    expect(
      Object.fromEntries(
        report.best.map((p) => [p.product_id, { quantity: p.quantity, sales: p.sales }]),
      ),
    ).toEqual(Object.fromEntries(units));
    expect(report.best.map((p) => p.quantity)).toEqual(
      [...units.values()].map((u) => u.quantity).sort((a, b) => b - a),
    );
    expect(report.worst.map((p) => p.quantity)).toEqual(
      [...units.values()].map((u) => u.quantity).sort((a, b) => a - b),
    );
    expect(Object.fromEntries(report.options.map((x) => [x.title, x.times]))).toEqual(
      Object.fromEntries(options),
    );
    const soldIds = new Set(units.keys());
    expect(report.never_sold.length).toBeGreaterThan(0);
    expect(report.never_sold.some((p) => soldIds.has(p.product_id))).toBe(false);
  });

  it('splits sales by type, payment, neighbourhood and time', async () => {
    const report = channelsReport.parse(await chain('channels', both));
    expect(report.by_type).toEqual(
      [
        { type_delivery: 1, label: 'Recoger', orders: 3, sales: total(o.A, o.B, o.E) },
        { type_delivery: 2, label: 'Domicilio', orders: 1, sales: o.F.total },
      ].sort((a, b) => b.sales - a.sales),
    );
    expect(report.by_payment).toEqual([
      { payment: o.A.payment, orders: 4, sales: total(o.A, o.B, o.E, o.F) },
    ]);
    expect(report.by_neighbourhood).toEqual([
      {
        neighbourhood: 'Chicó Norte',
        orders: 1,
        sales: o.F.total,
        delivery_fees: o.F.delivery_fee,
      },
    ]);
    expect(report.scheduled).toEqual({ orders: 0, sales: 0 });
    expect(report.asap).toEqual({ orders: 4, sales: total(o.A, o.B, o.E, o.F) });
  });

  it('splits sales by channel, hours rolled up before the channel counting as web', async () => {
    const expected = [
      { channel: 'web', label: 'Web', orders: 3, sales: total(o.A, o.B, o.F) },
      { channel: 'telefono', label: 'Teléfono', orders: 1, sales: o.E.total },
      { channel: 'mostrador', label: 'Mostrador', orders: 0, sales: 0 },
    ];
    expect(channelsReport.parse(await chain('channels', both)).by_channel).toEqual(expected);
    // As a rollup from before migration 043 has it: no channel rows at all.
    for (const table of ['insight_day_dims', 'insight_chain_day_dims'] as const)
      await t.database.db
        .deleteFrom(table)
        .where('kind', '=', 'channel')
        .where('key', '=', 'web')
        .execute();
    expect(channelsReport.parse(await chain('channels', both)).by_channel).toEqual(expected);
    await t.app.insights.rebuild();
  });

  it('tells new customers from returning ones, in the chain and at a branch, and the coupons', async () => {
    const report = customersReport.parse(await chain('customers', both));
    expect(report).toMatchObject({
      customers: 2,
      new_customers: 1,
      returning_customers: 1,
      repeat_30d: { customers: 1, returned: 1, pct: 100 },
      coupons: { issued: 1, redeemed: 1, redeemed_sales: o.E.total, discounts: 3000 },
    });
    const saturday = customersReport.parse(await chain('customers', `from=${D1}&to=${D1}`));
    expect(saturday).toMatchObject({ customers: 2, new_customers: 0, returning_customers: 2 });
    // At Chicó both are new: the demo customer's earlier sales were at another branch.
    const chico = customersReport.parse(
      await json(
        `/api/staff/branches/${world.chico.id}/insights/customers?${both}`,
        world.tokens.staff,
      ),
    );
    expect(chico).toMatchObject({
      branch_id: world.chico.id,
      customers: 2,
      new_customers: 2,
      returning_customers: 0,
      repeat_30d: { customers: 2, returned: 1, pct: 50 },
      coupons: { issued: 0, redeemed: 0, redeemed_sales: 0, discounts: 0 },
    });
  });
});

describe('CSV', () => {
  it('has the same numbers as the JSON, as a file named for the report and period', async () => {
    const path = `/api/admin/insights/sales?${both}&compare=previous`;
    const report = salesReport.parse(await json(path));
    const res = await get(`${path}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`informe-sales-${D}-${D1}.csv`);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Día',
      'Pedidos',
      'Ventas',
      'Pedidos periodo anterior',
      'Ventas periodo anterior',
    ]);
    expect(rows.slice(0, 2)).toEqual(
      report.points.map((p) =>
        [p.key, p.orders, p.sales, p.previous_orders, p.previous_sales].map(String),
      ),
    );
    expect(rows[2]).toEqual(['Total', '4', String(report.totals.sales), '0', '0']);

    const league = branchesReport.parse(await json(`/api/admin/insights/branches?${both}`));
    const file = parseCsv((await get(`/api/admin/insights/branches?${both}&format=csv`)).body);
    expect(file.slice(1).map((row) => [row[0], Number(row[1]), Number(row[2])])).toEqual(
      league.rows.map((row) => [row.name, row.sales, row.orders]),
    );
    const staffFile = await get(
      `/api/staff/branches/${world.chico.id}/insights/promise?${both}&format=csv`,
      world.tokens.staff,
    );
    expect(staffFile.statusCode).toBe(200);
    expect(parseCsv(staffFile.body)[1]).toEqual(['Total', '', '3', '1', '33.3']);
  });
});

describe('who may read what, and bad queries', () => {
  it("refuses a branch's staff another branch and the chain's reports", async () => {
    const campina = world.tokens.campina;
    expect(
      (await get(`/api/staff/branches/${world.chico.id}/insights/sales`, campina)).statusCode,
    ).toBe(403);
    expect((await get('/api/admin/insights/sales', campina)).statusCode).toBe(403);
    expect((await get('/api/admin/insights/branches', world.tokens.staff)).statusCode).toBe(403);
    const own = await get(
      `/api/staff/branches/${world.chico.id}/insights/refusals?${both}`,
      world.tokens.staff,
    );
    expect(refusalsReport.parse(own.json())).toMatchObject({
      branch_id: world.chico.id,
      rejected: 1,
    });
  });

  it('answers 404 for a branch that does not exist', async () => {
    const staffPath = await get('/api/staff/branches/999999/insights/sales');
    expect(staffPath.statusCode).toBe(404);
    expect(staffPath.json().message).toBe(INSIGHTS_MESSAGES.branchNotFound);
    const chainPath = await get('/api/admin/insights/sales?branch=999999');
    expect(chainPath.statusCode).toBe(404);
    expect(chainPath.json().message).toBe(INSIGHTS_MESSAGES.branchNotFound);
  });

  it.each([
    ['from after to', `from=${D1}&to=${D}`, INSIGHTS_MESSAGES.rangeBackwards],
    ['800 days', 'from=2029-01-01&to=2031-03-11', INSIGHTS_MESSAGES.rangeTooLong],
    ['from alone, years ago', 'from=2000-01-01', INSIGHTS_MESSAGES.rangeTooLong],
    ['a date that is not one', 'from=ayer', INSIGHTS_MESSAGES.dateInvalid],
    ['the year 9999', 'to=9999-12-31', INSIGHTS_MESSAGES.dateInvalid],
    ['30 February', 'from=2031-02-30', INSIGHTS_MESSAGES.dateInvalid],
    ['another comparison', 'compare=next', INSIGHTS_MESSAGES.compareInvalid],
    ['another format', 'format=xml', INSIGHTS_MESSAGES.formatInvalid],
    ['a branch that is no number', 'branch=chico', INSIGHTS_MESSAGES.branchInvalid],
  ])('refuses %s with a 400 in Spanish', async (_, query, message) => {
    for (const report of ['sales', 'customers']) {
      const res = await get(`/api/admin/insights/${report}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });
});
