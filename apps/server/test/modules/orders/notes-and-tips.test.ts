import {
  CHECKOUT_MESSAGES,
  MAX_LINE_NOTE,
  MAX_TIP,
  cartHistoryResponse,
  confirmCartAnswer,
  orderListResponse,
  orderResponse,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  openAllDay,
  orderPayload,
  refused,
} from '../../helpers/ordering';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';

// A note per line («Sin cebolla») and the courier's tip (decision 085): the note travels with its
// line to every answer, the tip is stored apart from the sale and paid with it, and what the
// server cannot read or a pickup order cannot carry is refused in Spanish, nothing stored.

let t: TestApp;
let url: string;
let branch: { id: number; title: string };
let tokens: { customer: string; staff: string; admin: string };
let product: Product;
let addressId: number;
const ZONE = 'Barrio Propinas';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    staff: await login(t.app, 'campina@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  branch = await branchBySlug(t.database, 'campina');
  await openAllDay(t.database, branch.id);
  [product] = (await availableProducts(t.app, t.database, branch.id, 1)) as [Product];
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: bearer(tokens.customer),
    payload: { label: 'Casa', address: 'Cl. 150 #58-10', neighbourhood: ZONE, city: 'Bogotá' },
  });
  addressId = address.json().results.id as number;
  const zones = await t.database.db
    .selectFrom('branch_delivery_zones')
    .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
    .where('branch_id', '=', branch.id)
    .execute();
  const zone = { neighbourhood: ZONE, fee: 3000, min_order: 0, delivery_minutes: 20 };
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${branch.id}/zones`,
    headers: bearer(tokens.admin),
    payload: { zones: [...zones, zone] },
  });
  expect(put.statusCode).toBe(200);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function customerSocket() {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const get = (path: string, token = tokens.customer) =>
  t.app.inject({ url: path, headers: bearer(token) });

const line = (note?: string, quantity = 1) => ({
  ...cartItem(product, quantity),
  ...(note === undefined ? {} : { note }),
});
const delivery = () => ({ type_delivery: 2, address_id: addressId });
const orderCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function placeOrder(items: ReturnType<typeof line>[], overrides: Record<string, unknown>) {
  const payload = orderPayload(branch.id, items, { ...delivery(), ...overrides });
  const answer = confirmCartAnswer.parse(
    await confirmCart<ConfirmCartAnswer>(await customerSocket(), payload),
  );
  if (!answer.status) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return answer.order;
}

describe('a note per line and a tip for the courier', () => {
  it('two lines of one product with different notes stay two, each note on every answer; the tip is stored apart from the total', async () => {
    const order = await placeOrder([line('Sin cebolla'), line('  Extra salsa  ', 2)], {
      tip: 5000,
    });
    const unit = order.detail[0]!.unit_price;
    expect(order.detail.map((l) => [l.note, l.quantity])).toEqual([
      ['Sin cebolla', 1],
      ['Extra salsa', 2],
    ]);
    // The sale is the products and the zone's fee; the tip is only in `tip`.
    expect(order.total).toBe(unit * 3 + 3000);
    expect(order.tip).toBe(5000);

    const row = await t.database.db
      .selectFrom('orders')
      .select(['total', 'tip'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total: unit * 3 + 3000, tip: 5000 });
    const page = orderResponse.parse((await get(`/api/orders/${order.id}`)).json()).results;
    expect(page.tip).toBe(5000);
    expect(page.detail.map((l) => l.note)).toEqual(['Sin cebolla', 'Extra salsa']);
    const board = orderListResponse
      .parse(
        (await get(`/api/staff/orders?branch_id=${branch.id}&scope=open`, tokens.staff)).json(),
      )
      .results.find((o) => o.id === order.id);
    expect(board?.tip).toBe(5000);
    expect(board?.detail.map((l) => l.note)).toEqual(['Sin cebolla', 'Extra salsa']);
    const history = cartHistoryResponse
      .parse((await get('/api/cart-history?per_page=50')).json())
      .results.find((o) => o.id === order.id);
    expect(history?.tip).toBe(5000);
    expect(history?.detail[0]?.note).toBe('Sin cebolla');
  });

  it('a line sent without a note (a cart stored before notes) is placed with none, and no tip is 0', async () => {
    const order = await placeOrder([line()], {});
    expect(order.detail[0]?.note).toBe('');
    expect(order.tip).toBe(0);
  });

  it('cash: what the customer pays with must cover the total and the tip', async () => {
    const probe = await placeOrder([line()], {});
    const due = probe.total + 2000;
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, [line()], { ...delivery(), tip: 2000, pay_with: due - 1 }),
    );
    expect(errors.pay_with).toEqual([CHECKOUT_MESSAGES.payWithTooLow(due)]);
    const order = await placeOrder([line()], { tip: 2000, pay_with: due });
    expect(order).toMatchObject({ tip: 2000, pay_with: due, total: probe.total });
  });
});

describe('refused in Spanish, nothing stored', () => {
  const refusal = async (items: ReturnType<typeof line>[], overrides: Record<string, unknown>) => {
    const before = await orderCount();
    const errors = await refused(
      await customerSocket(),
      orderPayload(branch.id, items, { ...delivery(), ...overrides }),
    );
    expect(await orderCount()).toBe(before);
    return errors;
  };

  it('a note too long, with control characters, or not text', async () => {
    const tooLong = await refusal([line('a'.repeat(MAX_LINE_NOTE + 1))], {});
    expect(tooLong.detail).toEqual([CHECKOUT_MESSAGES.noteTooLong]);
    const hidden = await refusal([line('Sin\u0000 cebolla')], {});
    expect(hidden.detail).toEqual([CHECKOUT_MESSAGES.noteControlChars]);
    const twoLines = await refusal([line('Sin\ncebolla')], {});
    expect(twoLines.detail).toEqual([CHECKOUT_MESSAGES.noteControlChars]);
    const number = await refusal([{ ...line(), note: 42 as unknown as string }], {});
    expect(number.detail).toEqual([CHECKOUT_MESSAGES.noteUnreadable]);
    // At the limit it is taken.
    const order = await placeOrder([line('b'.repeat(MAX_LINE_NOTE))], {});
    expect(order.detail[0]?.note).toHaveLength(MAX_LINE_NOTE);
  });

  it.each([-1, 1500.5, MAX_TIP + 1, '5000', Number.MAX_SAFE_INTEGER])(
    'a tip of %s',
    async (tip) => {
      const errors = await refusal([line()], { tip });
      expect(errors).toEqual({ tip: [CHECKOUT_MESSAGES.tipUnreadable] });
    },
  );

  it('a tip on a pickup order; a pickup order without one, or with 0, is placed', async () => {
    const pickup = { type_delivery: 1, address_id: null };
    const errors = await refusal([line()], { ...pickup, tip: 2000 });
    expect(errors).toEqual({ tip: [CHECKOUT_MESSAGES.tipPickup] });
    const order = await placeOrder([line()], { ...pickup, tip: 0 });
    expect(order).toMatchObject({ type_delivery: 1, tip: 0 });
    const atMost = await placeOrder([line()], { tip: MAX_TIP });
    expect(atMost.tip).toBe(MAX_TIP);
  });
});
