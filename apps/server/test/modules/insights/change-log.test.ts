import { describe, expect, it } from 'vitest';
import { createInsightsService } from '../../../src/modules/insights/service';
import type { TestApp } from '../../helpers/app';
import {
  dayCreated,
  insightsScene,
  moveTo,
  placeAt,
  rollupRows,
  salesAndDay,
} from './insights-support';

// The catch-up follows the change log, not the orders' stamps (decision 091): a write counts in
// Informes whatever time it carries. The catch-up used to fold what was stamped after its
// watermark less two minutes, so a node whose clock ran ten minutes behind wrote changes no
// report ever saw until that order changed again. A new order is added to its hour by the
// transaction that takes its insert off the log, once, however many nodes fold at the same time.

const scene = insightsScene();

const logRows = async ({ database }: TestApp) =>
  (await database.db.selectFrom('insight_changes').select('order_id').execute()).length;

describe('the change log', () => {
  it('folds a write stamped ten minutes behind, and is empty once folded', async () => {
    const { t, world } = scene;
    const order = await placeAt(world, 'customer', world.chico.id, [1]);
    await moveTo(t, world, order.id, { status: 'accepted', prep_minutes: 10 });
    const day = await dayCreated(t, order.id);
    const read = () => salesAndDay(t, world.tokens.admin, world.chico.id, day);
    const before = await read();
    expect(before.report.totals.orders).toBe(before.day.sales.orders);
    expect(await logRows(t)).toBe(0);

    // Another node, its clock ten minutes behind, cancels the order.
    await t.database.db
      .updateTable('orders')
      .set({
        status: 'cancelled',
        updated_at: new Date(t.clock.now() - 10 * 60_000).toISOString(),
      })
      .where('id', '=', order.id)
      .execute();
    expect(await logRows(t)).toBe(1);
    const after = await read();
    expect(after.day.sales.orders).toBe(before.day.sales.orders - 1);
    expect(after.report.totals.orders).toBe(after.day.sales.orders);
    expect(await logRows(t)).toBe(0);
  });

  it('adds each new order once when two nodes fold the log at the same moment', async () => {
    const { t, world } = scene;
    const { db, dialect } = t.database;
    const nodes = [1, 2].map(() => createInsightsService({ db, dialect, clock: t.clock }));
    for (let round = 0; round < 4; round += 1) {
      const orders = [];
      for (const who of ['customer', 'fresh', 'customer'] as const)
        orders.push(await placeAt(world, who, world.terminal.id, [1 + round, 1]));
      // A change too: that order's hour is recomputed while the others are added.
      await moveTo(t, world, orders[0]!.id, { status: 'accepted', prep_minutes: 10 });
      await Promise.all(nodes.map((node) => node.catchUp()));
    }
    expect(await logRows(t)).toBe(0);
    const kept = await rollupRows(t);
    expect(await t.app.insights.rebuild()).toBeGreaterThan(0);
    expect(kept).toEqual(await rollupRows(t));
  });

  it('adds a new order as it read it before taking it off the log, and the next round recomputes a change made between the two', async () => {
    const { t, world } = scene;
    const { db, dialect } = t.database;
    await t.app.insights.catchUp();
    const order = await placeAt(world, 'customer', world.chico.id, [1]);
    // Another node cancels the order once this one has read it: as its first transaction begins.
    let cancelled = false;
    const cancelAtFirstTransaction = new Proxy(db, {
      get(target, key) {
        // Kysely keeps private fields: its methods run on the database itself, not the proxy.
        const value: unknown = Reflect.get(target, key, target);
        if (key !== 'transaction' || cancelled)
          return typeof value === 'function' ? value.bind(target) : value;
        return () => ({
          execute: async (work: Parameters<ReturnType<typeof db.transaction>['execute']>[0]) => {
            cancelled = true;
            await db
              .updateTable('orders')
              .set({ status: 'cancelled', updated_at: new Date(t.clock.now()).toISOString() })
              .where('id', '=', order.id)
              .execute();
            return target.transaction().execute(work);
          },
        });
      },
    });
    const node = createInsightsService({ db: cancelAtFirstTransaction, dialect, clock: t.clock });

    await node.catchUp();
    expect(cancelled).toBe(true);
    const asRead = await rollupRows(t);
    expect(await logRows(t)).toBe(1);
    await node.catchUp();
    expect(await logRows(t)).toBe(0);
    const kept = await rollupRows(t);
    // The first round added it as read (not cancelled); the second counted the cancellation.
    expect(kept).not.toEqual(asRead);
    await t.app.insights.rebuild();
    expect(kept).toEqual(await rollupRows(t));
  });
});
