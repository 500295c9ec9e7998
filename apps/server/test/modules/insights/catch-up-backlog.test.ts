import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { latestUpdate } from '../../../src/modules/insights/catch-up';
import type { TestApp } from '../../helpers/app';
import { dayCreated, insightsScene, moveTo, placeAt, salesAndDay } from './insights-support';

// A catch-up after the timer was off or failing through a busy while (decision 069): the first
// report folds a six-figure number of orders at once. It once took the newest change with
// `Math.max(...list)`, past the arguments a call can take, and every report answered 500.

const BACKLOG = 150_000;
const scene = insightsScene();

/**
 * `count` copies of order `id`, each its customer's next one, 25,000 to a statement (under the
 * database's statement timeout).
 */
async function copyOrder({ database }: TestApp, id: number, count: number) {
  const { db } = database;
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const columns = Object.keys(row).filter((name) => name !== 'id');
  const value = (name: string) => {
    if (name === 'user_seq') return sql`o.user_seq + n.i`;
    if (name === 'client_order_id')
      return sql`o.client_order_id || '-' || ${sql.raw('cast(n.i as varchar(12))')}`;
    return sql.ref(`o.${name}`);
  };
  for (let from = 1; from <= count; from += 25_000) {
    const to = Math.min(count, from + 24_999);
    await sql`insert into orders (${sql.join(columns.map((name) => sql.ref(name)))})
      with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(to)})
      select ${sql.join(columns.map(value))} from orders o cross join n where o.id = ${id}`.execute(
      db,
    );
  }
}

describe('a catch-up with a large backlog', () => {
  it('takes the newest of more changes than a call takes arguments', () => {
    const orders = Array.from({ length: BACKLOG }, (_, i) => ({ updated_at: i * 2 }));
    expect(latestUpdate(orders)).toBe((BACKLOG - 1) * 2);
  });

  it('folds every order into the reports, which answer 200 and agree with Día', async () => {
    const { t, world } = scene;
    const order = await placeAt(world, 'customer', world.chico.id, [1]);
    // A sale: accepted, ready, handed over; its copies are sales too.
    for (const status of ['accepted', 'ready', 'delivered'])
      await moveTo(t, world, order.id, { status });
    await copyOrder(t, order.id, BACKLOG);
    const today = await dayCreated(t, order.id);
    const { report, day } = await salesAndDay(t, world.tokens.admin, world.chico.id, today);
    expect(report.totals.orders).toBeGreaterThan(BACKLOG);
    expect(report.totals.orders).toBe(day.sales.orders);
  }, 120_000);
});
