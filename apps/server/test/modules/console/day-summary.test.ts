import {
  promiseMinutesOf,
  addDays,
  branchSummaryResponse,
  dayOrdersResponse,
  orderResponse,
  paymentTypeListResponse,
  type PlacedOrder,
  type Product,
  SERVER_MESSAGES,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
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
import { clearOfMidnight, todayOn } from '../../helpers/clock';

// "Día": a branch's orders of one calendar day on the chain's clock, searchable, and the
// summary of that day, checked against orders placed here.

let t: TestApp;
let chico: { id: number; title: string };
let tokens: { customer: string; other: string; campina: string; staff: string };
let payments: { id: number; description: string }[];
let orders: {
  cash: PlacedOrder[];
  card: PlacedOrder;
  rejected: PlacedOrder[];
  cancelled: PlacedOrder;
  others: PlacedOrder;
};
const sockets: Socket[] = [];

const change = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(tokens.staff),
    payload,
  });

beforeAll(async () => {
  t = await buildTestApp();
  // Its seven orders are one day's: none may land before a midnight and the rest after.
  clearOfMidnight(t.clock);
  const url = await listen(t.app);
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, chico.id);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Otra Persona',
      email: 'otra@ejemplo.co',
      phone: '3159990001',
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    other: registered.json().access_token,
    campina: await login(t.app, 'campina@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
  };
  payments = paymentTypeListResponse
    .parse((await t.app.inject('/api/cart-type-payment')).json())
    .results.map((p) => ({ id: p.id, description: p.parameter.description }));
  const [first, second] = (await availableProducts(t.app, t.database, chico.id, 2)) as [
    Product,
    Product,
  ];

  const customer = openSocket(url, tokens.customer);
  const other = openSocket(url, tokens.other);
  sockets.push(customer, other);
  await Promise.all([connected(customer), connected(other)]);
  const placeWith = (socket: Socket, payment: number, quantity: number) =>
    place(
      socket,
      orderPayload(chico.id, [cartItem(first, quantity), cartItem(second)], {
        payment: { id: payment },
      }),
    );

  orders = {
    cash: [
      await placeWith(customer, payments[0]!.id, 1),
      await placeWith(customer, payments[0]!.id, 3),
    ],
    card: await placeWith(customer, payments[1]!.id, 2),
    rejected: [
      await placeWith(customer, payments[0]!.id, 1),
      await placeWith(customer, payments[1]!.id, 1),
    ],
    cancelled: await placeWith(customer, payments[0]!.id, 1),
    others: await placeWith(other, payments[1]!.id, 4),
  };
  await change(orders.rejected[0]!.id, { status: 'rejected', reason: 'Cocina saturada' });
  await change(orders.rejected[1]!.id, { status: 'rejected', reason: 'Producto agotado' });
  await change(orders.cancelled.id, { status: 'cancelled' });
  // Two orders reach "Listo": 12 and 18 minutes after they were placed. Their "Listo" is moved
  // later rather than their placing earlier, so that they stay today's orders at any hour (a
  // run a few minutes after the chain's midnight would otherwise place them yesterday).
  for (const [order, minutes] of [
    [orders.cash[0]!, 12],
    [orders.card, 18],
  ] as const) {
    for (const status of ['accepted', 'preparing', 'ready']) await change(order.id, { status });
    const placed = await t.database.db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const readyAt = new Date(new Date(placed.created_at).getTime() + minutes * 60_000);
    await t.database.db
      .updateTable('order_status_history')
      .set({ at: readyAt.toISOString() })
      .where('order_id', '=', order.id)
      .where('status', '=', 'ready')
      .execute();
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const summary = (date?: string, token = tokens.staff) =>
  t.app.inject({
    url: `/api/staff/branches/${chico.id}/summary${date ? `?date=${date}` : ''}`,
    headers: bearer(token),
  });

const dayRows = (query: string, token = tokens.staff) =>
  t.app.inject({
    url: `/api/staff/branches/${chico.id}/orders?${query}`,
    headers: bearer(token),
  });

const dayList = async (query: string) => {
  const res = await dayRows(query);
  expect(res.statusCode, query).toBe(200);
  return dayOrdersResponse.parse(res.json()).results.map((o) => o.id);
};

describe('the day summary', () => {
  it("adds up today's orders: sales by payment method, rejections with reasons, cancellations, time to ready", async () => {
    const res = await summary();
    expect(res.statusCode).toBe(200);
    const day = branchSummaryResponse.parse(res.json()).results;
    // Only what the branch took on is sold: the two orders still unanswered are counted apart.
    const sold = [orders.cash[0]!, orders.card];
    const totalOf = (list: PlacedOrder[]) => list.reduce((sum, o) => sum + o.total, 0);
    const cash = [orders.cash[0]!];
    const card = [orders.card];

    expect(day.date).toBe(todayOn(t.clock));
    expect(day.orders).toBe(7);
    expect(day.sales).toEqual({ orders: 2, total: totalOf(sold) });
    expect(day.received).toEqual({
      orders: 2,
      total: totalOf([orders.cash[1]!, orders.others]),
    });
    expect(day.by_payment).toEqual(
      expect.arrayContaining([
        { payment: payments[0]!.description, orders: cash.length, total: totalOf(cash) },
        { payment: payments[1]!.description, orders: card.length, total: totalOf(card) },
      ]),
    );
    expect(day.by_payment).toHaveLength(2);
    expect(day.rejected).toEqual({
      orders: 2,
      reasons: [
        { reason: 'Cocina saturada', orders: 1 },
        { reason: 'Producto agotado', orders: 1 },
      ],
    });
    expect(day.cancelled).toBe(1);
    expect(day.average_ready_minutes).toBe(15);
    expect(day.by_status).toEqual([
      { status: 'received', orders: 2 },
      { status: 'ready', orders: 2 },
      { status: 'rejected', orders: 2 },
      { status: 'cancelled', orders: 1 },
    ]);
  });

  it("counts an order in the chain's calendar day, not UTC's", async () => {
    // 04:30 UTC on a day is 23:30 of the day before in Bogotá (a month ago: a day Día reaches).
    const day = addDays(todayOn(t.clock), -30);
    const next = addDays(day, 1);
    await t.database.db
      .updateTable('orders')
      .set({ created_at: `${next}T04:30:00.000Z` })
      .where('id', '=', orders.cancelled.id)
      .execute();
    try {
      expect(branchSummaryResponse.parse((await summary(day)).json()).results).toMatchObject({
        orders: 1,
        cancelled: 1,
        sales: { orders: 0, total: 0 },
      });
      expect(branchSummaryResponse.parse((await summary(next)).json()).results).toMatchObject({
        orders: 0,
        average_ready_minutes: null,
        by_payment: [],
      });
      expect(await dayList(`date=${day}`)).toEqual([orders.cancelled.id]);
    } finally {
      await t.database.db
        .updateTable('orders')
        .set({ created_at: orders.cancelled.created_at })
        .where('id', '=', orders.cancelled.id)
        .execute();
    }
  });

  it("refuses another branch's staff and a malformed date", async () => {
    expect((await summary(undefined, tokens.campina)).statusCode).toBe(403);
    expect((await summary(undefined, tokens.customer)).statusCode).toBe(403);
    for (const date of ['2026-02-30', 'hoy', '2026-1-5', '0000-01-01', '9999-12-31']) {
      const res = await summary(date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors.date).toEqual(['La fecha debe tener la forma AAAA-MM-DD.']);
    }
  });

  it('reaches a year back and a year ahead of today, and refuses a day beyond before reading it', async () => {
    const today = todayOn(t.clock);
    for (const date of [addDays(today, -366), addDays(today, 366)])
      expect((await summary(date)).statusCode, date).toBe(200);
    for (const date of [addDays(today, -367), addDays(today, 367), '2000-01-01', '2100-12-31']) {
      const csv = await t.app.inject({
        url: `/api/staff/branches/${chico.id}/day.csv?date=${date}`,
        headers: bearer(tokens.staff),
      });
      for (const res of [await summary(date), await dayRows(`date=${date}`), csv]) {
        expect(res.statusCode, date).toBe(400);
        expect(res.json().errors.date, date).toEqual([SERVER_MESSAGES.dayOutOfReach]);
      }
    }
  });
});

describe('the day list', () => {
  it('lists every order of the day, any status, newest first', async () => {
    const all = [
      ...orders.cash,
      orders.card,
      ...orders.rejected,
      orders.cancelled,
      orders.others,
    ].map((o) => o.id);
    expect(await dayList('')).toEqual([...all].sort((a, b) => b - a));
    expect(await dayList(`date=${todayOn(t.clock)}`)).toEqual([...all].sort((a, b) => b - a));
    expect(await dayList(`date=${addDays(todayOn(t.clock), -200)}`)).toEqual([]);
  });

  it("shows each order as its row on Día: the order's own number, time, customer, payment, status and total, nothing more", async () => {
    const rows = dayOrdersResponse.parse((await dayRows('')).json()).results;
    for (const order of [orders.rejected[0]!, orders.others, orders.card]) {
      const page = orderResponse.parse(
        (
          await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(tokens.staff) })
        ).json(),
      ).results;
      const row = rows.find((r) => r.id === order.id);
      expect(row).toStrictEqual({
        id: page.id,
        placed_at: page.placed_at,
        status: page.status,
        status_text: page.status_text,
        reject_reason: page.reject_reason,
        type_delivery: page.type_delivery,
        payment: page.payment,
        payment_status: page.payment_status,
        refunded_amount: page.refunded_amount,
        total: page.total,
        tip: page.tip,
        customer: page.customer,
        delivery_fee: page.delivery_fee,
        // Its minutes as the order's own page and steps say.
        ...promiseMinutesOf({
          ...page,
          ready_at: page.history.find((step) => step.status === 'ready')?.at ?? null,
          delivered_at: null,
        }),
      });
    }
    expect(rows.find((r) => r.id === orders.rejected[0]!.id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'Cocina saturada',
      customer: { name: expect.any(String), phone: expect.any(String) },
    });
    expect(rows.find((r) => r.id === orders.others.id)?.customer).toEqual({
      name: 'Otra Persona',
      phone: '3159990001',
    });
  });

  it("refuses another branch's staff, a customer, no session, an unknown branch and bad input, in Spanish", async () => {
    expect((await dayRows('', tokens.campina)).statusCode).toBe(403);
    expect((await dayRows('', tokens.customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/staff/branches/${chico.id}/orders` })).statusCode).toBe(
      401,
    );
    const unknown = await t.app.inject({
      url: '/api/staff/branches/999999/orders',
      headers: bearer(tokens.staff),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No encontramos esa sede.');
    for (const [query, field, message] of [
      ['date=2026-02-30', 'date', 'La fecha debe tener la forma AAAA-MM-DD.'],
      [`q=${'a'.repeat(81)}`, 'q', 'La búsqueda es demasiado larga.'],
    ] as const) {
      const res = await dayRows(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('finds orders by number, by customer name (any case) and by phone', async () => {
    expect(await dayList(`q=%23${orders.card.id}`)).toEqual([orders.card.id]);
    // Bare digits may also be part of a phone.
    expect(await dayList(`q=${orders.card.id}`)).toContain(orders.card.id);
    expect(await dayList('q=%23999999')).toEqual([]);
    expect(await dayList('q=otra')).toEqual([orders.others.id]);
    expect(await dayList('q=OTRA%20PERSONA')).toEqual([orders.others.id]);
    expect(await dayList('q=315999')).toEqual([orders.others.id]);
    expect((await dayList('q=camila')).length).toBe(6);
    expect(await dayList('q=nadie')).toEqual([]);
    // LIKE's wildcards are searched for as text.
    expect(await dayList('q=%25')).toEqual([]);
    expect(await dayList('q=_')).toEqual([]);
  });
});
