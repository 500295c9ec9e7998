import {
  addDays,
  branchSummaryResponse,
  branchesReport,
  chainToday,
  salesReport,
  type OrderStatus,
  type PlacedOrder,
} from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { bearer } from '../../helpers/ordering';
import {
  closeWorld,
  insightsWorld,
  moveTo,
  placeAt,
  rollupRows,
  type InsightsWorld,
} from './insights-support';

// The rollups kept by the catch-up are the rollups a rebuild makes from the orders table, after
// random placements, steps, rejections, cancellations and refunds over three days (decision 069);
// and the reports read from them agree with Día, which reads the orders.

let t: TestApp;
let world: InsightsWorld;
const MINUTE = 60_000;
const START = Date.parse('2031-04-01T14:00:00.000Z'); // 09:00 in Bogotá

/** A small seeded generator: the same run every time, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const placed: { order: PlacedOrder; status: OrderStatus }[] = [];
const FORWARD: Partial<Record<OrderStatus, OrderStatus>> = {
  received: 'accepted',
  accepted: 'ready',
  ready: 'delivered',
};

/** One random thing happens to the chain. */
async function step(next: () => number) {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const roll = next();
  const open = placed.filter((entry) => ['received', 'accepted', 'ready'].includes(entry.status));
  if (roll < 0.45 || open.length === 0) {
    const branch = next() < 0.6 ? world.chico : world.terminal;
    const order = await placeAt(
      world,
      next() < 0.5 ? 'customer' : 'fresh',
      branch.id,
      [1 + Math.floor(next() * 3), Math.floor(next() * 2)].filter((quantity) => quantity > 0),
    );
    // Some taken by phone or at the counter (decision 087), the channel written with the order.
    const channel = pick(['web', 'web', 'telefono', 'mostrador'])!;
    if (channel !== 'web')
      await t.database.db
        .updateTable('orders')
        .set({ channel })
        .where('id', '=', order.id)
        .execute();
    placed.push({ order, status: 'received' });
    return;
  }
  const entry = pick(open)!;
  if (roll < 0.75) {
    const status = FORWARD[entry.status]!;
    await moveTo(t, world, entry.order.id, {
      status,
      ...(status === 'accepted' ? { prep_minutes: 5 + Math.floor(next() * 20) } : {}),
    });
    entry.status = status;
  } else if (roll < 0.85 && entry.status === 'received') {
    await moveTo(t, world, entry.order.id, {
      status: 'rejected',
      reason: pick(['Sin gas', 'Cocina saturada']),
    });
    entry.status = 'rejected';
  } else if (roll < 0.92) {
    await moveTo(t, world, entry.order.id, { status: 'cancelled', reason: 'El cliente llamó' });
    entry.status = 'cancelled';
  } else {
    // A refund confirmed by the provider, written as the payments module writes it: the amount
    // given back added and the order's updated_at moved (online payments have their own tests).
    await t.database.db
      .updateTable('orders')
      .set((eb) => ({
        refunded_amount: eb('refunded_amount', '+', 1000),
        updated_at: new Date(t.clock.now()).toISOString(),
      }))
      .where('id', '=', entry.order.id)
      .execute();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(START);
  world = await insightsWorld(t);
  const next = random(69);
  for (let i = 0; i < 60; i += 1) {
    t.clock.advance((5 + Math.floor(next() * 70)) * MINUTE);
    await step(next);
    // The catch-up runs now and then, as the timer and the reports run it.
    if (i % 7 === 3) await t.app.insights.catchUp();
  }
}, 120_000);
afterAll(async () => {
  if (world) closeWorld(world);
  await t.close();
});

const days = () => {
  const first = chainToday(new Date(START));
  const last = chainToday(new Date(t.clock.now()));
  const list = [first];
  while (list.at(-1)! < last) list.push(addDays(list.at(-1)!, 1));
  return list;
};

describe('the rollups', () => {
  it('kept by the catch-up equal the rollups rebuilt from the orders', async () => {
    await t.app.insights.catchUp();
    const kept = await rollupRows(t);
    expect(kept.hours.length).toBeGreaterThan(3);
    // Three chain days, every hour of the chain's: the coarser levels were kept too.
    expect(kept.days.length).toBeGreaterThanOrEqual(3);
    expect(kept.chainHours.length).toBeGreaterThan(3);
    expect(kept.chainDays.length).toBe(
      kept.days.length > 0 ? new Set(kept.days.map((row) => JSON.parse(row).bucket)).size : 0,
    );
    expect(await t.app.insights.rebuild()).toBeGreaterThanOrEqual(placed.length);
    const rebuilt = await rollupRows(t);
    expect(kept).toEqual(rebuilt);
    // The channel is one of the dimensions kept: each channel the run placed through has its rows.
    const channels = new Set(
      kept.dims
        .map((row) => JSON.parse(row) as { kind: string; key: string })
        .filter((row) => row.kind === 'channel')
        .map((row) => row.key),
    );
    expect([...channels].sort()).toEqual(['mostrador', 'telefono', 'web']);
  });

  it('built before the days existed get them from their hours at the next catch-up', async () => {
    await t.app.insights.catchUp();
    const built = await rollupRows(t);
    // As migration 032 leaves a database whose hours were built: no days, not marked built.
    const { db } = t.database;
    for (const table of [
      'insight_days',
      'insight_day_dims',
      'insight_day_products',
      'insight_day_options',
      'insight_chain_hours',
      'insight_chain_days',
      'insight_chain_day_dims',
      'insight_chain_day_products',
      'insight_chain_day_options',
    ] as const)
      await db.deleteFrom(table).execute();
    await db.updateTable('insight_state').set({ days_built: 0 }).execute();
    await t.app.insights.catchUp();
    expect(await rollupRows(t)).toEqual(built);
    const state = await db.selectFrom('insight_state').select('days_built').executeTakeFirst();
    expect(Number(state?.days_built)).toBe(1);
  });

  it("give the league table Día's totals, branch by branch, and the sales chart Día's days", async () => {
    const list = days();
    const query = `from=${list[0]}&to=${list.at(-1)}`;
    const league = branchesReport.parse(
      (
        await t.app.inject({
          url: `/api/admin/insights/branches?${query}`,
          headers: bearer(world.tokens.admin),
        })
      ).json(),
    );
    const sales = salesReport.parse(
      (
        await t.app.inject({
          url: `/api/admin/insights/sales?${query}`,
          headers: bearer(world.tokens.admin),
        })
      ).json(),
    );
    const dayTotals = new Map(list.map((day) => [day, { orders: 0, sales: 0 }]));
    for (const branch of [world.chico, world.terminal]) {
      const sum = { sales: 0, orders: 0, rejected: 0 };
      for (const day of list) {
        const summary = branchSummaryResponse.parse(
          (
            await t.app.inject({
              url: `/api/staff/branches/${branch.id}/summary?date=${day}`,
              headers: bearer(world.tokens.admin),
            })
          ).json(),
        ).results;
        sum.sales += summary.sales.total;
        sum.orders += summary.sales.orders;
        sum.rejected += summary.rejected.orders;
        const total = dayTotals.get(day)!;
        total.orders += summary.sales.orders;
        total.sales += summary.sales.total;
      }
      expect(sum.orders).toBeGreaterThan(0);
      expect(league.rows.find((row) => row.branch_id === branch.id)).toMatchObject(sum);
    }
    expect(sales.points.map((p) => ({ orders: p.orders, sales: p.sales }))).toEqual(
      list.map((day) => dayTotals.get(day)),
    );
  });
});
