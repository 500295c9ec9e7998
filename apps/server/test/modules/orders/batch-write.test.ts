import type { OrderLineOption } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';
import { buildTestApp, type TestApp } from '../../helpers/app';
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
