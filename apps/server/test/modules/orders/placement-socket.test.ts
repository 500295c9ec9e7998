import {
  CHECKOUT_MESSAGES,
  SESSION_MESSAGES,
  confirmCartAnswer,
  productResponse,
  unitPrice,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts';
import { hashToken } from '../../../src/lib/tokens';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  confirmCart,
  connected,
  connectError,
  disconnected,
  listen,
  next,
  openSocket,
} from '../../helpers/sockets';

let t: TestApp;
let url: string;
let customerToken: string;
let staffToken: string;
let otherToken: string;
let open24: { id: number; title: string };
let burger: Product;
const sockets: Socket[] = [];

async function login(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email_login: email, password_login: DEMO_PASSWORD },
  });
  return res.json().access_token as string;
}

beforeAll(async () => {
  // The demo customer places far more orders here than a person would in a minute: the per-account
  // pace has its own test (order-limits.test.ts).
  t = await buildTestApp();
  url = await listen(t.app);
  customerToken = await login('cliente@comanda.test');
  staffToken = await login('staff@comanda.test');
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Otra',
      email: 'otra@ejemplo.co',
      phone: '3150000001',
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  otherToken = other.json().access_token;

  const branches = (await t.app.inject('/api/branch-office')).json().results as {
    id: number;
    title: string;
    opening_hours: { opens: string; closes: string }[];
  }[];
  const always = branches.find(
    (b) =>
      b.opening_hours.length === 7 &&
      b.opening_hours.every((h) => h.opens === '00:00' && h.closes === '24:00'),
  );
  open24 = always!;
  // A product with a required single choice and optional extras, as the customer would see it.
  const products = await t.database.db
    .selectFrom('products')
    .select('slug')
    .orderBy('id')
    .execute();
  for (const { slug } of products) {
    const res = await t.app.inject(`/api/products/${slug}/${open24.id}`);
    const product = productResponse.parse(res.json()).results;
    if (
      product.available &&
      product.modifier_group.some((g) => g.required) &&
      product.modifier_group.some((g) => !g.required)
    ) {
      burger = product;
      break;
    }
  }
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

function socketFor(token: string | null, options?: { viaAuth?: boolean }) {
  const socket = openSocket(url, token, options);
  sockets.push(socket);
  return socket;
}

/** A cart line as the contract's client stores it: the product with its choices marked `selected`. */
function cartItem(
  product: Product,
  choose: (group: Product['modifier_group'][number]) => number[],
  quantity = 1,
) {
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option, index) => ({
      ...option,
      selected: choose(group).includes(index),
    })),
  }));
  const priced = { ...product, modifier_group };
  return { _id: randomUUID(), ...priced, quantity, total: unitPrice(priced) * quantity };
}

const firstRequiredAndTwoExtras = (group: Product['modifier_group'][number]) =>
  group.required ? [0] : [0, 1];

function order(overrides: Record<string, unknown> = {}) {
  return {
    client_order_id: randomUUID(),
    branch_office: { id: open24.id, title: open24.title },
    payment: { id: 1, selected: true, parameter: { description: 'Efectivo' } },
    form: { observation: 'Sin cebolla, por favor' },
    detail: [cartItem(burger, firstRequiredAndTwoExtras, 2)],
    delivery: 2,
    user: { email: 'cliente@comanda.test' },
    ...overrides,
  };
}

async function countOrders() {
  const row = await t.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function placeExpectingRefusal(
  payload: Record<string, unknown>,
  field: string,
  text?: RegExp,
) {
  const socket = socketFor(customerToken);
  await connected(socket);
  const before = await countOrders();
  const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
  expect(answer.status).toBe(false);
  if (answer.status) return;
  expect(Object.keys(answer.errors), JSON.stringify(answer.errors)).toContain(field);
  if (text) expect(answer.errors[field]!.join(' ')).toMatch(text);
  expect(await countOrders()).toBe(before);
}

describe('confirm-cart', () => {
  it('places an order priced by the server, answers after the commit, and tells the branch', async () => {
    const customer = socketFor(customerToken);
    const staff = socketFor(staffToken, { viaAuth: true });
    await Promise.all([connected(customer), connected(staff)]);
    const newOrder = next<{ id: number }>(staff, 'new-order');

    const payload = order();
    const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(customer, payload));
    expect(answer.status, JSON.stringify(answer)).toBe(true);
    if (!answer.status) return;
    const expectedUnit = unitPrice(payload.detail[0]!);
    expect(answer.order.total).toBe(expectedUnit * 2);
    expect(answer.order.detail[0]).toMatchObject({
      title: burger.title,
      unit_price: expectedUnit,
      quantity: 2,
    });
    const chosen = payload.detail[0]!.modifier_group.flatMap((g) =>
      g.modifiers_product.filter((o) => o.selected).map((o) => o.id),
    );
    expect(answer.order.detail[0]!.options.map((o) => o.option_id).sort()).toEqual(chosen.sort());
    expect(answer.order).toMatchObject({
      status: 'received',
      status_text: 'Recibido',
      observation: 'Sin cebolla, por favor',
      type_delivery: 1,
    });
    expect((await newOrder).id).toBe(answer.order.id);

    const stored = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', answer.order.id)
      .executeTakeFirstOrThrow();
    expect(stored.total).toBe(expectedUnit * 2);
    const history = await t.app.inject({
      url: '/api/cart-history',
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(history.json().results[0].id).toBe(answer.order.id);
  });

  it('ignores a forged price, total and title', async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const honest = cartItem(burger, firstRequiredAndTwoExtras, 1);
    const forged = {
      ...honest,
      title: 'Gratis',
      price: 1,
      total: 1,
      modifier_group: honest.modifier_group.map((g) => ({
        ...g,
        modifiers_product: g.modifiers_product.map((o) => ({ ...o, price: 0, title: 'x' })),
      })),
    };
    const answer = confirmCartAnswer.parse(
      await confirmCart<ConfirmCartAnswer>(socket, order({ detail: [forged], total: 1 })),
    );
    expect(answer.status).toBe(true);
    if (!answer.status) return;
    expect(answer.order.total).toBe(unitPrice(honest));
    expect(answer.order.detail[0]!.title).toBe(burger.title);
  });

  it('refuses an unknown branch', () =>
    placeExpectingRefusal(
      order({ branch_office: { id: 999_999 } }),
      'branch_office',
      /sede no existe/,
    ));

  it('refuses a closed branch, saying when it opens', async () => {
    const { id } = await t.database.db
      .insertInto('branches')
      .values({
        slug: `cerrada-${Date.now()}`,
        title: 'Sede Cerrada',
        address: 'x',
        phone: '3000000000',
        city: 'Bogotá',
        delivery_available: 1,
        position: 99,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await placeExpectingRefusal(
      order({ branch_office: { id } }),
      'branch_office',
      /Sede Cerrada está cerrada/,
    );
  });

  // The argument arrives as text and is read on the payloads' thread (decision 103): text that
  // is not JSON is an order refused in Spanish, not a connection dropped.
  it('refuses an order that is not JSON, and the same connection then places one', async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const before = await countOrders();
    const answer = next<ConfirmCartAnswer>(socket, 'confirm-cart');
    // engine.io's message, a Socket.IO event packet: the bytes socket.io-client writes for an emit.
    socket.io.engine.write('2["confirm-cart",{"client_order_id":"cortado-a-mitad",]');
    expect(await answer).toEqual({
      status: false,
      client_order_id: null,
      errors: { _: [CHECKOUT_MESSAGES.invalid] },
    });
    expect(await countOrders()).toBe(before);
    const placed = await confirmCart<ConfirmCartAnswer>(socket, order());
    expect(placed.status).toBe(true);
    expect(socket.connected).toBe(true);
  });

  // Decision 104: from a WebSocket an order's argument reaches the payloads' thread as the frame's
  // bytes; over long-polling, as text. Both are the same order.
  it('places an order sent over long-polling as one sent over a WebSocket', async () => {
    const polling = connect(url, {
      path: '/socket.io',
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      query: { token: customerToken },
    });
    sockets.push(polling);
    await connected(polling);
    const payload = order({ form: { observation: 'Timbre dañado: ¡llamar! 🌶️' } });
    const placed = await confirmCart<ConfirmCartAnswer>(polling, payload);
    expect(placed.status && placed.order.observation).toBe('Timbre dañado: ¡llamar! 🌶️');
    expect(polling.io.engine.transport.name).toBe('polling');
  });

  it('refuses a missing or unknown payment method', async () => {
    await placeExpectingRefusal(order({ payment: null }), 'payment', /Elige cómo deseas pagar/);
    await placeExpectingRefusal(order({ payment: { id: 9999 } }), 'payment', /no está disponible/);
  });

  it('refuses an empty cart and an unknown product', async () => {
    await placeExpectingRefusal(order({ detail: [] }), 'detail', /vacío/);
    await placeExpectingRefusal(
      order({ detail: [{ ...cartItem(burger, firstRequiredAndTwoExtras), id: 999_999 }] }),
      'detail',
    );
  });

  it.each([0, 100, 1.5, -2])('refuses quantity %s', (quantity) =>
    placeExpectingRefusal(
      order({ detail: [{ ...cartItem(burger, firstRequiredAndTwoExtras), quantity }] }),
      'detail',
      /entre 1 y 99/,
    ),
  );

  // Placement keeps the menu in memory until the catalogue publishes a change (decision 018):
  // these write the database as the console and the back office do, then publish as they do.
  it('refuses a product sold out at that branch, but answers a retry of an order placed before with that order', async () => {
    const soldOut = async (sold_out: boolean) => {
      await t.database.db
        .insertInto('branch_products')
        .values({
          branch_id: open24.id,
          product_id: burger.id,
          price: null,
          sold_out: sold_out ? 1 : 0,
          offered: 1,
        })
        .onConflict((oc) =>
          oc.columns(['branch_id', 'product_id']).doUpdateSet({ sold_out: sold_out ? 1 : 0 }),
        )
        .execute();
      await t.app.catalogEvents.publish({
        type: 'availability',
        branch_id: open24.id,
        product_id: burger.id,
        sold_out,
      });
    };
    // Placed once first, so the menu is remembered before the switch.
    const socket = socketFor(customerToken);
    await connected(socket);
    const placedBefore = order();
    const first = await confirmCart<ConfirmCartAnswer>(socket, placedBefore);
    expect(first.status).toBe(true);
    await soldOut(true);
    try {
      await placeExpectingRefusal(order(), 'detail', /agotad/);
      // The same attempt again (its answer was lost, say): the order it placed, not a refusal, and no second order.
      const before = await countOrders();
      const retry = await confirmCart<ConfirmCartAnswer>(socket, placedBefore);
      expect(retry.status && first.status && retry.order.id === first.order.id).toBe(true);
      expect(await countOrders()).toBe(before);
    } finally {
      await soldOut(false);
    }
    expect((await confirmCart<ConfirmCartAnswer>(socket, order())).status).toBe(true);
  });

  it('prices the next order at a price changed in the back office', async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const before = await confirmCart<ConfirmCartAnswer>(socket, order());
    expect(before.status).toBe(true);
    // The first extra, chosen on every line (an extra adds its price; a required single choice
    // would replace the product's): an option's price is the chain's, in the back office's menu.
    const option = burger.modifier_group.find((g) => !g.required)!.modifiers_product[0]!;
    const { price } = await t.database.db
      .selectFrom('modifier_options')
      .select('price')
      .where('id', '=', option.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('modifier_options')
      .set({ price: price + 1000 })
      .where('id', '=', option.id)
      .execute();
    await t.app.catalogEvents.publish({ type: 'catalog' });
    try {
      const after = await confirmCart<ConfirmCartAnswer>(socket, order());
      expect(after.status).toBe(true);
      if (!before.status || !after.status) return;
      // Two units: the line costs 2,000 more.
      expect(after.order.total - before.order.total).toBe(2000);
    } finally {
      await t.database.db
        .updateTable('modifier_options')
        .set({ price })
        .where('id', '=', option.id)
        .execute();
      await t.app.catalogEvents.publish({ type: 'catalog' });
    }
  });

  it('refuses an option that belongs to another product', async () => {
    const foreign = await t.database.db
      .selectFrom('modifier_options as o')
      .innerJoin('modifier_groups as g', 'g.id', 'o.group_id')
      .select('o.id')
      .where('g.product_id', '!=', burger.id)
      .executeTakeFirstOrThrow();
    const item = cartItem(burger, firstRequiredAndTwoExtras);
    item.modifier_group[0]!.modifiers_product.push({
      id: foreign.id,
      title: 'x',
      price: 0,
      selected: true,
      modifier: { title: 'x' },
    });
    await placeExpectingRefusal(order({ detail: [item] }), 'detail', /ya no existe/);
  });

  it('refuses a required group left empty, and two choices in a single-choice group', async () => {
    await placeExpectingRefusal(
      order({ detail: [cartItem(burger, (g) => (g.required ? [] : [0]))] }),
      'detail',
      /Elige una opción/,
    );
    await placeExpectingRefusal(
      order({ detail: [cartItem(burger, (g) => (g.required ? [0, 1] : []))] }),
      'detail',
      /solo puedes elegir una/,
    );
  });

  it("refuses delivery without an address, to another customer's address, and outside the branch's coverage", async () => {
    await placeExpectingRefusal(order({ type_delivery: 2 }), 'address', /dirección de entrega/);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { authorization: `Bearer ${otherToken}` },
      payload: { label: 'Casa', address: 'Cl. 1', neighbourhood: 'Ciudad Salitre', city: 'Bogotá' },
    });
    await placeExpectingRefusal(
      order({ type_delivery: 2, address_id: theirs.json().results.id }),
      'address',
      /No encontramos esa dirección/,
    );
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { authorization: `Bearer ${customerToken}` },
      payload: {
        label: 'Finca',
        address: 'Km 5 vía La Calera',
        neighbourhood: 'La Calera',
        city: 'La Calera',
      },
    });
    await placeExpectingRefusal(
      order({ type_delivery: 2, address_id: far.json().results.id }),
      'address',
      /no llega a La Calera/,
    );
  });

  it.each([
    ['nothing', () => undefined],
    ['null', () => null],
    ['a string', () => 'hola'],
    ['a number', () => 42],
    ['a cart that is not a list', () => ({ ...order(), detail: 'x' })],
    [
      'more than 50 different lines',
      () => ({
        ...order(),
        detail: Array.from({ length: 51 }, () => cartItem(burger, firstRequiredAndTwoExtras)),
      }),
    ],
    ['a bad client_order_id', () => ({ ...order(), client_order_id: '<script>' })],
  ])('answers %s with status false and keeps serving', async (_, makePayload) => {
    const payload = makePayload();
    const socket = socketFor(customerToken);
    await connected(socket);
    const answer = await new Promise<ConfirmCartAnswer>((resolve) => {
      socket.once('confirm-cart', resolve);
      socket.emit('confirm-cart', payload);
    });
    expect(answer.status).toBe(false);
    const after = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, order()));
    expect(after.status).toBe(true);
  });
});

describe('oversized messages', () => {
  it('drops a connection that sends more than 256 KB at once, and keeps serving everyone else', async () => {
    const greedy = socketFor(customerToken);
    const honest = socketFor(customerToken);
    await Promise.all([connected(greedy), connected(honest)]);
    const dropped = next<string>(greedy, 'disconnect');
    greedy.emit('confirm-cart', { ...order(), form: { observation: 'x'.repeat(300_000) } });
    expect(await dropped).toBeTruthy();
    const answer = await confirmCart<ConfirmCartAnswer>(honest, order());
    expect(answer.status).toBe(true);
  });
});

describe('socket authentication', () => {
  it('refuses a forged token, and lets a socket without one listen but not order', async () => {
    expect((await connectError(socketFor('A'.repeat(43)))).message).toBe('unauthorized');
    const anonymous = socketFor(null);
    await connected(anonymous);
    const before = await countOrders();
    const payload = order();
    const answer = confirmCartAnswer.parse(
      await confirmCart<ConfirmCartAnswer>(anonymous, payload),
    );
    expect(answer).toEqual({
      status: false,
      client_order_id: payload.client_order_id,
      errors: { _: ['Inicia sesión para confirmar tu pedido.'] },
    });
    expect(await countOrders()).toBe(before);
  });

  it('refuses a token revoked by logout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Breve',
        email: 'breve@ejemplo.co',
        phone: '3150000002',
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
    const token = res.json().access_token as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await connectError(socketFor(token))).message).toBe('unauthorized');
  });

  const userOf = async (token: string) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow()
    ).user_id;

  it.each([
    [
      'its session was revoked',
      (token: string) =>
        t.database.db
          .updateTable('sessions')
          .set({ revoked_at: new Date(t.clock.now()).toISOString() })
          .where('token_hash', '=', hashToken(token))
          .execute(),
    ],
    [
      'its account was deactivated',
      async (token: string) => {
        await t.database.db
          .updateTable('users')
          .set({ deactivated_at: new Date(t.clock.now()).toISOString() })
          .where('id', '=', await userOf(token))
          .execute();
      },
    ],
  ])('refuses an order sent on a socket after %s, and closes it', async (_, endIt) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Fugaz',
        email: `fugaz${Date.now()}@ejemplo.co`,
        phone: `315${String(Date.now()).slice(-7)}`,
        password: 'una-clave-segura',
        password_confirmation: 'una-clave-segura',
      },
    });
    const token = res.json().access_token as string;
    const socket = socketFor(token);
    await connected(socket);
    // The server looks at the session once when the socket connects; had that look come after
    // the session ended (a busy machine), it would close the socket before any order, and this
    // test would not reach the per-order check. An order answered first means that look is done.
    expect(
      confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, order())).status,
    ).toBe(true);
    // Ended on "another node": written there, and heard here only as the session cache's
    // invalidation (decision 048), not as the socket's closing. The order must still be refused.
    await endIt(token);
    t.app.accounts.sessionsChanged([await userOf(token)]);
    const before = await countOrders();
    const closed = disconnected(socket);

    const payload = order();
    const answer = confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
    expect(answer).toEqual({
      status: false,
      client_order_id: payload.client_order_id,
      errors: { _: [SESSION_MESSAGES.ended] },
    });
    expect(await countOrders()).toBe(before);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('exactly once', () => {
  it('answers the same order to the same client_order_id, even sent twice at once', async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const before = await countOrders();
    const payload = order();
    const [a, b] = await Promise.all([
      confirmCart<ConfirmCartAnswer>(socket, payload),
      confirmCart<ConfirmCartAnswer>(socket, payload),
    ]);
    expect(a.status && b.status).toBe(true);
    if (!a.status || !b.status) return;
    expect(a.order.id).toBe(b.order.id);
    expect(await countOrders()).toBe(before + 1);
  });

  it('turns a retry after a dropped connection into the first order, never a second', async () => {
    const before = await countOrders();
    const payload = order();
    const first = socketFor(customerToken);
    await connected(first);
    first.emit('confirm-cart', payload);
    first.disconnect(); // the connection drops before the answer arrives

    const second = socketFor(customerToken);
    await connected(second);
    const answer = await confirmCart<ConfirmCartAnswer>(second, payload);
    expect(answer.status).toBe(true);
    const retry = await confirmCart<ConfirmCartAnswer>(second, payload);
    expect(retry.status && answer.status && retry.order.id === answer.order.id).toBe(true);
    expect(await countOrders()).toBe(before + 1);
  });

  it('tells the branch again on a retry: the node that stored it may have stopped before telling', async () => {
    // Stored while no board listened, as if its node had been killed before telling the branch.
    const payload = order();
    const first = socketFor(customerToken);
    await connected(first);
    const answer = await confirmCart<ConfirmCartAnswer>(first, payload);
    expect(answer.status).toBe(true);
    if (!answer.status) return;

    const staff = socketFor(staffToken, { viaAuth: true });
    await connected(staff);
    const heard = next<{ id: number; status: string }>(staff, 'new-order');
    const retry = await confirmCart<ConfirmCartAnswer>(first, payload);
    expect(retry.status && retry.order.id).toBe(answer.order.id);
    expect(await heard).toMatchObject({ id: answer.order.id, status: 'received' });
  });
});

describe('order status', () => {
  it('pushes a status change to the owner only, with the timeline', async () => {
    const owner = socketFor(customerToken);
    const stranger = socketFor(otherToken);
    await Promise.all([connected(owner), connected(stranger)]);
    const placed = await confirmCart<ConfirmCartAnswer>(owner, order());
    if (!placed.status) throw new Error('not placed');
    let strangerHeard = false;
    stranger.on('order-status', () => (strangerHeard = true));

    const pushed = next<{
      order_id: number;
      status: string;
      status_text: string;
      order: { history: unknown[] };
    }>(owner, 'order-status');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${placed.order.id}/status`,
      headers: { authorization: `Bearer ${staffToken}` },
      payload: { status: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    const event = await pushed;
    expect(event).toMatchObject({
      order_id: placed.order.id,
      status: 'accepted',
      status_text: 'Aceptado',
    });
    expect(event.order.history).toHaveLength(2);

    const mine = await t.app.inject({
      url: `/api/orders/${placed.order.id}`,
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(mine.json().results.history.map((h: { status: string }) => h.status)).toEqual([
      'received',
      'accepted',
    ]);
    // A round trip on the stranger's own connection: what the server sent it before comes first.
    const barrier = await confirmCart<ConfirmCartAnswer>(stranger, {});
    expect(barrier.status).toBe(false);
    expect(strangerHeard).toBe(false);
  });

  it('lets only staff change a status, and only along the allowed path', async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const placed = await confirmCart<ConfirmCartAnswer>(socket, order());
    if (!placed.status) throw new Error('not placed');
    const change = (token: string, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${placed.order.id}/status`,
        headers: { authorization: `Bearer ${token}` },
        payload: { status },
      });

    expect((await change(customerToken, 'accepted')).statusCode).toBe(403);
    const skip = await change(staffToken, 'delivered');
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe('Un pedido recibido no puede pasar a entregado.');
    expect((await change(staffToken, 'on_the_way')).statusCode).toBe(400);
    expect((await change(staffToken, 'volando')).statusCode).toBe(400);
    expect((await change(staffToken, 'accepted')).statusCode).toBe(200);
  });

  it("hides one customer's order from another", async () => {
    const socket = socketFor(customerToken);
    await connected(socket);
    const placed = await confirmCart<ConfirmCartAnswer>(socket, order());
    if (!placed.status) throw new Error('not placed');
    const res = await t.app.inject({
      url: `/api/orders/${placed.order.id}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(res.statusCode).toBe(404);
  });
});
