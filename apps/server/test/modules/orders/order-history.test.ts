import { cartHistoryResponse } from '@comanda/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../src/modules/orders/types';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { draftMaker } from '../../helpers/orders';

let t: TestApp;
let token: string;
let userId: number;
let draft: (clientOrderId?: string) => OrderDraft;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Historia',
      email: 'historia@ejemplo.co',
      phone: '3150000042',
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  token = res.json().access_token;
  userId = res.json().user.id;
  draft = await draftMaker(t.database.db, userId);
});
afterAll(() => t.close());

async function history(query: string) {
  const res = await t.app.inject({
    url: `/api/cart-history?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cartHistoryResponse.parse(res.json());
}

describe('the order history (decision 018)', () => {
  const placed: number[] = [];

  it('numbers each customer’s orders and counts them in the transaction that stores them, once per client_order_id', async () => {
    const at = new Date(t.clock.now()).toISOString();
    const twin = draft();
    // A batch, then a batch holding an order stored meanwhile (its twin): written again, looking it up.
    const first = await insertOrders(t.database, [draft(), twin, draft(), twin], at);
    const second = await insertOrders(t.database, [draft(), twin, draft()], at);
    expect(first.map((r) => r.created)).toEqual([true, true, true, false]);
    expect(first[3]!.id).toBe(first[1]!.id);
    expect(second.map((r) => r.created)).toEqual([true, false, true]);
    expect(second[1]!.id).toBe(first[1]!.id);
    for (let i = 0; i < 8; i++) await insertOrders(t.database, [draft()], at);
    placed.push(...first.slice(0, 3).map((r) => r.id), second[0]!.id, second[2]!.id);

    const rows = await t.database.db
      .selectFrom('orders')
      .select(['id', 'user_seq'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.user_seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const count = await t.database.db
      .selectFrom('user_order_counts')
      .select('orders')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(count.orders).toBe(13);
  });

  it('answers page N newest first with the total, and a cursor that walks the same orders', async () => {
    const all = (
      await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    const pages = [
      await history('page=1&per_page=5'),
      await history('page=2&per_page=5'),
      await history('page=3&per_page=5'),
    ];
    expect(pages.map((p) => p.total)).toEqual([13, 13, 13]);
    expect(pages.flatMap((p) => p.results.map((o) => o.id))).toEqual(all);
    expect(pages.map((p) => p.next)).toEqual([all[4], all[9], null]);
    expect(pages[2]!.results[0]!.detail).toHaveLength(1);
    expect((await history('page=4&per_page=5')).results).toEqual([]);

    const walked: number[] = [];
    let cursor: number | null = null;
    for (let page = 1; page <= 4; page++) {
      const answer: { results: { id: number }[]; next: number | null } = await history(
        `page=${page}&per_page=5${cursor === null ? '' : `&before=${cursor}`}`,
      );
      walked.push(...answer.results.map((o) => o.id));
      cursor = answer.next;
      if (cursor === null) break;
    }
    expect(walked).toEqual(all);
  });

  it('keeps the cursor steady when an order is placed between two pages', async () => {
    const first = await history('page=1&per_page=5');
    await insertOrders(t.database, [draft()], new Date(t.clock.now()).toISOString());
    const second = await history(`page=2&per_page=5&before=${first.next}`);
    expect(second.total).toBe(14);
    expect(second.results[0]!.id).toBeLessThan(first.results.at(-1)!.id);
  });

  it('refuses a cursor that is not an order number, in Spanish, and an anonymous visitor', async () => {
    const bad = await t.app.inject({
      url: '/api/cart-history?before=abc',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/pedido de referencia/);
    expect((await t.app.inject({ url: '/api/cart-history' })).statusCode).toBe(401);
  });

  it('pages on from the cursor order’s own position, and refuses an order that is not the customer’s', async () => {
    const mine = (
      await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    const oldestButTwo = mine[2]!;
    const below = await history(`per_page=5&before=${oldestButTwo}`);
    expect(below.results.map((o) => o.id)).toEqual([mine[1], mine[0]]);
    expect(below.next).toBeNull();
    expect((await history(`before=${mine[0]}`)).results).toEqual([]);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Otra',
        email: 'otra@ejemplo.co',
        phone: '3150000044',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
    const theirs = await insertOrders(
      t.database,
      [(await draftMaker(t.database.db, other.json().user.id))()],
      new Date(t.clock.now()).toISOString(),
    );
    for (const cursor of [theirs[0]!.id, theirs[0]!.id + 1000]) {
      const refused = await t.app.inject({
        url: `/api/cart-history?before=${cursor}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.before).toEqual([
        'El pedido de referencia no está en tu historial.',
      ]);
    }
  });

  it('answers a customer without orders with an empty first page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Nueva',
        email: 'nueva@ejemplo.co',
        phone: '3150000043',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
    const empty = await t.app.inject({
      url: '/api/cart-history',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(empty.json()).toEqual({ page: 1, per_page: 10, total: 0, next: null, results: [] });
  });

  it('shows every line of an order in its sequence, as the order’s own page does', async () => {
    const one = draft();
    const [first] = one.lines;
    const lines = [
      { ...first!, quantity: 2, total: first!.unit_price * 2, note: 'Sin cebolla' },
      {
        ...first!,
        options: [{ group_id: 1, group_title: 'Término', option_id: 2, title: 'Jugoso', price: 0 }],
        note: '',
      },
      { ...first!, note: 'Bien "tostada", con ñ y \\ barra' },
    ];
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    const [stored] = await insertOrders(
      t.database,
      [{ ...one, lines, quantity: 4, total }],
      new Date(t.clock.now()).toISOString(),
    );
    const shown = (await history('per_page=1')).results[0]!;
    expect(shown.id).toBe(stored!.id);
    const page = await t.app.inject({
      url: `/api/orders/${stored!.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(shown.detail).toEqual(page.json().results.detail);
    expect(shown.detail.map((line) => [line.quantity, line.note, line.options.length])).toEqual([
      [2, 'Sin cebolla', 0],
      [1, '', 1],
      [1, 'Bien "tostada", con ñ y \\ barra', 0],
    ]);
  });
});
