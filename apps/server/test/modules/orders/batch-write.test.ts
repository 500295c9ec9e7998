import type { OrderLineOption } from '@comanda/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/db/dialect';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { testDialect } from '../../helpers/database';
import { draftMaker } from '../../helpers/orders';

let t: TestApp;
let users: number[];

// Text a database could render its own way: quotes, accents, a backslash and a non-Latin letter.
const options: OrderLineOption[] = [
  { group_id: 1, group_title: 'Término', option_id: 2, title: 'Tres "cuartos" \\ á', price: 0 },
  { group_id: 3, group_title: 'Adiciones', option_id: 4, title: 'Queso ñ 🧀', price: 2500 },
];

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db.selectFrom('users').select('id').orderBy('id').execute();
  users = rows.slice(0, 2).map((row) => row.id);
});
afterAll(() => t.close());

describe('a group-commit batch as stored (both databases write the same rows)', () => {
  it('stores every field of every order and line, positions in the batch’s order, and each order’s first step', async () => {
    const [a, b] = await Promise.all(
      users.map((id) => draftMaker(t.database.db, id, { quantity: 2, options })),
    );
    const twoLines = (draft: OrderDraft): OrderDraft => ({
      ...draft,
      address_notes: 'Portón "verde"',
      lines: [...draft.lines, { ...draft.lines[0]!, quantity: 1, options: [] }],
    });
    const batch = [twoLines(a!()), b!(), { ...a!(), observation: 'Sin cebolla, ¡gracias!' }, b!()];
    const at = '2026-11-29T21:00:00.000Z';
    const before = await t.database.db
      .selectFrom('user_order_counts')
      .select(['user_id', 'orders'])
      .where('user_id', 'in', users)
      .execute();
    const countBefore = (id: number) => before.find((row) => row.user_id === id)?.orders ?? 0;

    const written = await insertOrders(t.database, batch, at);

    expect(written.map((w) => w.created)).toEqual([true, true, true, true]);
    const ids = written.map((w) => w.id);
    // Ids are drawn in the batch's order.
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const orders = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    orders.forEach((row, i) => {
      const draft = batch[i]!;
      const { lines: _lines, ...fields } = draft;
      expect(row).toMatchObject({ ...fields, status: 'received' });
      expect(new Date(row.created_at).toISOString()).toBe(at);
    });
    // Each customer's orders numbered on from their count, in the batch's order.
    expect(orders.map((row) => row.user_seq)).toEqual([
      countBefore(users[0]!) + 1,
      countBefore(users[1]!) + 1,
      countBefore(users[0]!) + 2,
      countBefore(users[1]!) + 2,
    ]);

    const lines = await t.database.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    const expected = batch.flatMap((draft, i) =>
      draft.lines.map((line, position) => ({
        ...line,
        order_id: ids[i],
        position,
        // The very text placement wrote, on both databases.
        options: JSON.stringify(line.options),
        // No station has made it yet (migration 030).
        bumped_at: null,
      })),
    );
    expect(lines.map(({ id: _id, ...line }) => line)).toEqual(expected);

    const steps = await t.database.db
      .selectFrom('order_status_history')
      .select(['order_id', 'status', 'at', 'actor_id'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .execute();
    expect(steps.map((s) => [s.order_id, s.status, new Date(s.at).toISOString()])).toEqual(
      ids.map((id) => [id, 'received', at]),
    );
  });
});

// PostgreSQL parses and plans the batch’s statement once per connection (decision 105): the
// writer's one connection prepares it on its first batch and runs it by name after that.
if (testDialect === 'postgres')
  describe('the batch statement on PostgreSQL', () => {
    it('is prepared once on a connection and run by name on every batch after', async () => {
      const { url, schema } = t.database.postgres!;
      const one = connect({ url, poolSize: 1, ...(schema ? { schema } : {}) });
      const prepared = () =>
        sql<{ name: string; statement: string; calls: number }>`
          select name, statement, generic_plans + custom_plans as calls
          from pg_prepared_statements where not from_sql`
          .execute(one.db)
          .then((result) => result.rows);
      try {
        const make = await draftMaker(t.database.db, users[0]!);
        const store = { db: one.db, dialect: one.dialect };
        expect(await prepared()).toEqual([]);

        for (const at of ['2026-11-29T21:00:01.000Z', '2026-11-29T21:00:02.000Z']) {
          const written = await insertOrders(store, [make(), make()], at);
          expect(written.map((w) => w.created)).toEqual([true, true]);
        }

        const rows = await prepared();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.statement).toMatch(/^with input as \(/);
        // Two batches, one statement parsed: the second ran what the first prepared.
        expect(rows[0]!.calls).toBe(2);
      } finally {
        await one.db.destroy();
      }
    });
  });
