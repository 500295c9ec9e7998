import {
  COUNTER_MESSAGES,
  CHECKOUT_MESSAGES,
  counterCustomerListResponse,
  staffOrderResponse,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
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
  place,
} from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// Orders taken by phone or at the counter (decision 087): staff of the branch place an order for
// a customer found by phone or made on the spot, through the storefront's placement: priced by
// the server, once per client_order_id, marked with its channel and who placed it.

let t: TestApp;
let url: string;
let campina: { id: number; title: string };
let chico: { id: number };
let tokens: { campina: string; customer: string; admin: string };
let product: Product;
let staffId: number;
const ZONE = 'Barrio Mostrador';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = {
    campina: await login(t.app, 'campina@comanda.test'),
    customer: await login(t.app, 'cliente@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  [product] = (await availableProducts(t.app, t.database, campina.id, 1)) as [Product];
  staffId = (await userByEmail('campina@comanda.test')).id;
  await t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${campina.id}/zones`,
    headers: bearer(tokens.admin),
    payload: {
      zones: [
        ...(await t.database.db
          .selectFrom('branch_delivery_zones')
          .select(['neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
          .where('branch_id', '=', campina.id)
          .execute()),
        { neighbourhood: ZONE, fee: 3000, min_order: 0, delivery_minutes: 15 },
      ],
    },
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const userByEmail = (email: string) =>
  t.database.db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

/** A phone number no account has yet. */
const freshPhone = () => `31${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A cart line as the console sends it: only what the server reads (the body refuses the rest). */
const counterItem = (quantity: number) => {
  const { id, modifier_group } = cartItem(product, quantity);
  return {
    id,
    quantity,
    modifier_group: modifier_group.map((group) => ({
      id: group.id,
      modifiers_product: group.modifiers_product.map((o) => ({ id: o.id, selected: o.selected })),
    })),
  };
};

const staffOrder = (overrides: Record<string, unknown> = {}) => ({
  ...orderPayload(campina.id, [], { delivery: 2 }),
  detail: [counterItem(2)],
  channel: 'telefono',
  customer: { name: 'Rosa Díaz', phone: freshPhone() },
  ...overrides,
});

const post = (token: string, body: unknown, branchId = campina.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/branches/${branchId}/orders`,
    headers: bearer(token),
    payload: body as Record<string, unknown>,
  });

const ordersOf = (clientOrderId: string) =>
  t.database.db
    .selectFrom('orders')
    .select(['id', 'user_id', 'channel', 'placed_by', 'total', 'delivery_fee', 'address_id'])
    .where('client_order_id', '=', clientOrderId)
    .execute();

describe('placing an order for a customer', () => {
  it('makes the customer, places the order once per client_order_id, and records who placed it', async () => {
    const body = staffOrder();
    const first = await post(tokens.campina, body);
    expect(first.statusCode, first.body).toBe(201);
    const answer = staffOrderResponse.parse(first.json());
    expect(answer.results.channel).toBe('telefono');
    expect(answer.results.status).toBe('received');
    expect(answer.results.customer).toEqual({ name: 'Rosa Díaz', phone: body.customer.phone });
    // The server prices it: two units at the branch's price, whatever a client might claim.
    expect(answer.results.total).toBe(answer.results.detail[0]!.total);
    expect(answer.results.quantity).toBe(2);

    const again = await post(tokens.campina, { ...body, customer: { ...body.customer } });
    expect(again.statusCode, again.body).toBe(201);
    expect(staffOrderResponse.parse(again.json()).results.id).toBe(answer.results.id);
    const stored = await ordersOf(body.client_order_id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ channel: 'telefono', placed_by: staffId });
    expect(stored[0]!.user_id).toBe(answer.customer.id);
    const account = await t.database.db
      .selectFrom('users')
      .select(['role', 'name'])
      .where('phone', '=', body.customer.phone)
      .execute();
    expect(account).toEqual([{ role: 'customer', name: 'Rosa Díaz' }]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'entity', 'summary', 'branch_id'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(answer.results.id))
      .execute();
    expect(audit).toEqual([
      {
        user_id: staffId,
        action: 'create',
        entity: 'order',
        branch_id: campina.id,
        summary: `Pedido #${answer.results.id} por teléfono para Rosa Díaz`,
      },
    ]);
  });

  it('finds the customer by phone, with their saved addresses, and orders for them by id', async () => {
    const phone = freshPhone();
    const made = await post(tokens.campina, staffOrder({ customer: { name: 'Luis', phone } }));
    expect(made.statusCode, made.body).toBe(201);
    const found = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/customers?phone=${phone}`,
      headers: bearer(tokens.campina),
    });
    expect(found.statusCode).toBe(200);
    const [customer] = counterCustomerListResponse.parse(found.json()).results;
    expect(customer).toMatchObject({ name: 'Luis', phone, addresses: [] });
    const nobody = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/customers?phone=${freshPhone()}`,
      headers: bearer(tokens.campina),
    });
    expect(nobody.json()).toEqual({ results: [] });

    const counter = await post(
      tokens.campina,
      staffOrder({ channel: 'mostrador', customer: { id: customer!.id } }),
    );
    expect(counter.statusCode, counter.body).toBe(201);
    expect(staffOrderResponse.parse(counter.json()).results).toMatchObject({
      channel: 'mostrador',
      customer: { name: 'Luis', phone },
    });
  });

  it('delivers to a new address with the zone fee, saved once in the customer book', async () => {
    const address = {
      label: 'Casa',
      address: 'Cra. 7 #80-10',
      neighbourhood: ZONE,
      city: 'Bogotá',
    };
    const body = staffOrder({ delivery: 1, new_address: address });
    const res = await post(tokens.campina, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = staffOrderResponse.parse(res.json());
    expect(answer.results).toMatchObject({
      type_delivery: 2,
      delivery_fee: 3000,
      neighbourhood: ZONE,
    });
    expect(answer.customer.addresses).toHaveLength(1);
    // The next call from the same place (a new order) reuses the saved address.
    const next = await post(tokens.campina, {
      ...staffOrder({ delivery: 1, new_address: address }),
      customer: { id: answer.customer.id },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(staffOrderResponse.parse(next.json()).customer.addresses).toHaveLength(1);
  });

  it('rings the branch board like any order, with its channel', async () => {
    const socket = openSocket(url, tokens.campina);
    sockets.push(socket);
    await connected(socket);
    const heard = next<{ id: number; channel: string }>(socket, 'new-order');
    const res = await post(tokens.campina, staffOrder({ channel: 'mostrador' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await heard).toMatchObject({ id: res.json().results.id, channel: 'mostrador' });
  });

  it('marks the storefront orders as web', async () => {
    const socket = openSocket(url, tokens.customer);
    sockets.push(socket);
    await connected(socket);
    const order = await place(
      socket,
      orderPayload(campina.id, [cartItem(product)], { delivery: 2 }),
    );
    expect(order.channel).toBe('web');
  });
});

describe('what it refuses', () => {
  it('answers 403 to staff of another branch and stores nothing', async () => {
    const body = { ...staffOrder(), branch_office: { id: chico.id } };
    const res = await post(tokens.campina, body, chico.id);
    expect(res.statusCode).toBe(403);
    expect(await ordersOf(body.client_order_id)).toEqual([]);
    const search = await t.app.inject({
      url: `/api/staff/branches/${chico.id}/customers?phone=3001234567`,
      headers: bearer(tokens.campina),
    });
    expect(search.statusCode).toBe(403);
    expect((await post(tokens.customer, staffOrder())).statusCode).toBe(403);
  });

  it('answers 400 with a Spanish reason for a bad body, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customer: {} }, 'customer', COUNTER_MESSAGES.customerRequired],
      [{ customer: { name: 'Ana', phone: '12' } }, 'customer', 'celular'],
      [{ channel: 'web' }, 'channel', COUNTER_MESSAGES.channelRequired],
      [{ branch_office: { id: chico.id } }, 'branch_office', CHECKOUT_MESSAGES.branchUnknown],
      [{ customer: { id: 999_999 } }, 'customer', COUNTER_MESSAGES.customerUnknown],
    ];
    for (const [overrides, field, message] of cases) {
      const body = staffOrder(overrides);
      const res = await post(tokens.campina, body);
      expect(res.statusCode, res.body).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors[field]?.join(' ') ?? '', JSON.stringify(errors)).toContain(message);
      expect(await ordersOf(body.client_order_id)).toEqual([]);
    }
  });

  it('refuses a staff account as the customer and an online payment', async () => {
    const staff = await userByEmail('campina@comanda.test');
    const asStaff = await post(
      tokens.campina,
      staffOrder({ customer: { name: 'X', phone: staff.phone } }),
    );
    expect(asStaff.statusCode).toBe(400);
    expect(asStaff.json().errors.customer).toEqual([COUNTER_MESSAGES.notACustomer]);
    const online = await t.database.db
      .selectFrom('payment_types')
      .select('id')
      .where('kind', '=', 'online')
      .executeTakeFirstOrThrow();
    const body = staffOrder({ payment: { id: online.id } });
    const res = await post(tokens.campina, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.payment).toEqual([COUNTER_MESSAGES.onlinePayment]);
    expect(await ordersOf(body.client_order_id)).toEqual([]);
  });

  it('refuses what the storefront refuses (a product price is never trusted, a closed branch)', async () => {
    const body = staffOrder({ client_order_id: randomUUID(), detail: [] });
    const res = await post(tokens.campina, body);
    expect(res.statusCode).toBe(400);
    expect(await ordersOf(body.client_order_id)).toEqual([]);
  });
});

describe('Día', () => {
  it('splits the day by channel and says each order channel in its CSV', async () => {
    const res = await post(tokens.campina, staffOrder({ channel: 'mostrador' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = staffOrderResponse.parse(res.json()).results;
    const before = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/summary`,
      headers: bearer(tokens.campina),
    });
    const counted = (body: { by_channel: { channel: string; orders: number; total: number }[] }) =>
      Object.fromEntries(body.by_channel.map((row) => [row.channel, row]));
    const start = counted(before.json().results);
    // A sale once the branch takes it on.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/status`,
      headers: bearer(tokens.campina),
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/summary`,
      headers: bearer(tokens.campina),
    });
    const now = counted(after.json().results);
    expect(Object.keys(now)).toEqual(['web', 'telefono', 'mostrador']);
    expect(now.mostrador).toEqual({
      channel: 'mostrador',
      label: 'Mostrador',
      orders: start.mostrador!.orders + 1,
      total: start.mostrador!.total + order.total,
    });
    expect(now.telefono).toEqual(start.telefono);
    const csv = await t.app.inject({
      url: `/api/staff/branches/${campina.id}/day.csv`,
      headers: bearer(tokens.campina),
    });
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    const column = header!.split(',').indexOf('Canal');
    expect(column).toBeGreaterThan(0);
    const row = rows.find((line) => line.startsWith(`${order.id},`));
    expect(row?.split(',')[column]).toBe('Mostrador');
  });
});
