import {
  MESSAGES,
  orderListResponse,
  orderResponse,
  orderStatusEventSchema,
  placedOrderSchema,
  type PlacedOrder,
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
  collect,
  login,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { connected, listen, next, openSocket } from '../../helpers/sockets';

// The board's side of an order: who hears it arrive, who may answer it, and what an answer
// records (the promised time on accepting, the reason on rejecting).

let t: TestApp;
let url: string;
let campina: { id: number; title: string };
let chico: { id: number; title: string };
let tokens: { customer: string; campina: string; staff: string; admin: string };
let products: Product[];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  campina = await branchBySlug(t.database, 'campina');
  chico = await branchBySlug(t.database, 'chico');
  await openAllDay(t.database, campina.id);
  await openAllDay(t.database, chico.id);
  tokens = {
    customer: await login(t.app, 'cliente@comanda.test'),
    campina: await login(t.app, 'campina@comanda.test'),
    staff: await login(t.app, 'staff@comanda.test'),
    admin: await login(t.app, 'admin@comanda.test'),
  };
  products = await availableProducts(t.app, t.database, campina.id, 2);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function socketFor(token: string | null) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function placeAt(
  branchId: number,
  overrides: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const customer = await socketFor(tokens.customer);
  return place(
    customer,
    orderPayload(branchId, [cartItem(products[0]!, 2), cartItem(products[1]!)], overrides),
  );
}

const changeStatus = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${id}/status`,
    headers: bearer(token),
    payload,
  });

async function storedStatus(id: number) {
  return await t.database.db
    .selectFrom('orders')
    .select(['status', 'promised_at', 'reject_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('new orders', () => {
  it("ring only the boards of the order's branch (and admins), with everything the cook needs", async () => {
    const campinaBoard = await socketFor(tokens.campina);
    const adminBoard = await socketFor(tokens.admin);

    const atChico = collect<PlacedOrder>(campinaBoard, 'new-order', 500);
    const adminHearsChico = next<PlacedOrder>(adminBoard, 'new-order');
    const chicoOrder = await placeAt(chico.id);
    expect((await adminHearsChico).id).toBe(chicoOrder.id);
    expect(await atChico).toEqual([]);

    const campinaHears = next<PlacedOrder>(campinaBoard, 'new-order');
    const observation = 'Sin cebolla, por favor';
    const order = await placeAt(campina.id, { form: { observation } });
    const heard = placedOrderSchema.parse(await campinaHears);
    expect(heard).toMatchObject({
      id: order.id,
      status: 'received',
      observation,
      payment: 'Efectivo',
      customer: { name: 'Camila Restrepo', phone: '3001234567' },
      promised_at: null,
      reject_reason: null,
      neighbourhood: null,
      type_delivery: 1,
    });
    expect(heard.placed_at).toBe(heard.created_at);
    expect(heard.detail).toHaveLength(2);
    expect(heard.total).toBe(order.total);
  });

  it('carry the delivery address and its neighbourhood', async () => {
    const address = await t.database.db
      .selectFrom('addresses')
      .select(['id', 'neighbourhood'])
      .where('neighbourhood', '=', 'La Campiña')
      .executeTakeFirstOrThrow();
    const order = await placeAt(campina.id, { type_delivery: 2, address_id: address.id });
    expect(order).toMatchObject({ type_delivery: 2, neighbourhood: 'La Campiña' });
    expect(order.address).toContain('La Campiña');
  });
});

describe('accepting', () => {
  it('promises now + the preparation minutes given, and tells the customer and the board', async () => {
    const order = await placeAt(campina.id);
    const customer = await socketFor(tokens.customer);
    const board = await socketFor(tokens.campina);
    const customerHears = next<unknown>(customer, 'order-status');
    const boardHears = next<unknown>(board, 'order-status');

    const before = t.clock.now();
    const res = await changeStatus(tokens.campina, order.id, {
      status: 'accepted',
      prep_minutes: 30,
    });
    const after = t.clock.now();
    expect(res.statusCode).toBe(200);
    const accepted = orderResponse.parse(res.json()).results;
    const acceptedAt = Date.parse(accepted.accepted_at!);
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 5);
    expect(acceptedAt).toBeLessThanOrEqual(after + 5);
    expect(Date.parse(accepted.promised_at!) - acceptedAt).toBe(30 * 60_000);

    for (const event of [await customerHears, await boardHears]) {
      const parsed = orderStatusEventSchema.parse(event);
      expect(parsed).toMatchObject({
        order_id: order.id,
        status: 'accepted',
        promised_at: accepted.promised_at,
        reason: null,
      });
      expect(parsed.order.promised_at).toBe(accepted.promised_at);
    }
  });

  it("uses the branch's usual time when none is given, plus its rush minutes while on", async () => {
    const usual = (
      await t.database.db
        .selectFrom('branches')
        .select('prep_minutes')
        .where('id', '=', campina.id)
        .executeTakeFirstOrThrow()
    ).prep_minutes;
    const promise = (order: PlacedOrder) =>
      (Date.parse(order.promised_at!) - Date.parse(order.accepted_at!)) / 60_000;

    const plain = await placeAt(campina.id);
    const res = await changeStatus(tokens.campina, plain.id, { status: 'accepted' });
    expect(promise(orderResponse.parse(res.json()).results)).toBe(usual);

    const rush = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${campina.id}/rush`,
      headers: bearer(tokens.campina),
      payload: { extra_minutes: 15 },
    });
    expect(rush.statusCode).toBe(200);
    try {
      const busy = await placeAt(campina.id);
      const withDefault = orderResponse.parse(
        (await changeStatus(tokens.campina, busy.id, { status: 'accepted' })).json(),
      ).results;
      expect(promise(withDefault)).toBe(usual + 15);
      const given = await placeAt(campina.id);
      const withGiven = orderResponse.parse(
        (
          await changeStatus(tokens.campina, given.id, { status: 'accepted', prep_minutes: 10 })
        ).json(),
      ).results;
      expect(promise(withGiven)).toBe(10 + 15);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/staff/branches/${campina.id}/rush`,
        headers: bearer(tokens.campina),
        payload: { extra_minutes: 0 },
      });
    }
  });

  it('refuses a preparation time outside 1–180 minutes, or given with another status, and changes nothing', async () => {
    const order = await placeAt(campina.id);
    for (const prep of [0, 181, 12.5, 'veinte', null]) {
      const res = await changeStatus(tokens.campina, order.id, {
        status: 'accepted',
        prep_minutes: prep,
      });
      expect(res.statusCode, String(prep)).toBe(400);
      expect(res.json().errors.prep_minutes).toEqual([
        'El tiempo de preparación debe estar entre 1 y 180 minutos.',
      ]);
    }
    const misplaced = await changeStatus(tokens.campina, order.id, {
      status: 'cancelled',
      prep_minutes: 20,
    });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().errors.prep_minutes).toEqual([
      'El tiempo de preparación solo se indica al aceptar un pedido.',
    ]);
    expect(await storedStatus(order.id)).toMatchObject({ status: 'received', promised_at: null });
  });
});

describe('rejecting', () => {
  it('needs a reason, in Spanish, and changes nothing without one', async () => {
    const order = await placeAt(campina.id);
    for (const payload of [
      { status: 'rejected' },
      { status: 'rejected', reason: '   ' },
      { status: 'rejected', reason: 7 },
    ]) {
      const res = await changeStatus(tokens.campina, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.reason).toEqual(['Indica el motivo del rechazo.']);
    }
    const long = await changeStatus(tokens.campina, order.id, {
      status: 'rejected',
      reason: 'x'.repeat(201),
    });
    expect(long.json().errors.reason).toEqual(['El motivo debe tener máximo 200 caracteres.']);
    expect(await storedStatus(order.id)).toMatchObject({ status: 'received', reject_reason: null });
  });

  it('records a fixed reason or typed text and tells the customer why', async () => {
    const order = await placeAt(campina.id);
    const customer = await socketFor(tokens.customer);
    const heard = next<unknown>(customer, 'order-status');
    const res = await changeStatus(tokens.campina, order.id, {
      status: 'rejected',
      reason: ' Cocina saturada ',
    });
    expect(res.statusCode).toBe(200);
    expect(orderResponse.parse(res.json()).results).toMatchObject({
      status: 'rejected',
      reject_reason: 'Cocina saturada',
      promised_at: null,
    });
    expect(orderStatusEventSchema.parse(await heard)).toMatchObject({
      status: 'rejected',
      reason: 'Cocina saturada',
    });

    const typed = await placeAt(campina.id);
    const text = 'Se fue la luz en el barrio';
    expect(
      orderResponse.parse(
        (await changeStatus(tokens.campina, typed.id, { status: 'rejected', reason: text })).json(),
      ).results.reject_reason,
    ).toBe(text);
  });

  it('refuses a reason sent with another status', async () => {
    const order = await placeAt(campina.id);
    const res = await changeStatus(tokens.campina, order.id, {
      status: 'accepted',
      reason: 'Producto agotado',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.reason).toEqual([
      'El motivo solo se indica al rechazar o cancelar un pedido.',
    ]);
    expect((await storedStatus(order.id)).status).toBe('received');
  });
});

describe('the path of an order', () => {
  it('goes received → accepted → preparing → ready → delivered for pickup, refusing every other step', async () => {
    const order = await placeAt(campina.id);
    const refuse = async (status: string, from: string) => {
      const res = await changeStatus(tokens.campina, order.id, {
        status,
        ...(status === 'rejected' ? { reason: 'Otro motivo' } : {}),
      });
      expect(res.statusCode, `${from} → ${status}`).toBe(400);
      expect(res.json().errors.status[0]).toMatch(/no puede pasar a/);
    };
    await refuse('preparing', 'received');
    await refuse('ready', 'received');
    for (const [status, forbidden] of [
      ['accepted', ['received', 'delivered', 'rejected']],
      ['preparing', ['accepted', 'rejected']],
      ['ready', ['on_the_way', 'preparing', 'accepted']],
      // Back to ready is the board's recall (cancel-and-recall.test.ts): any other way is refused.
      ['delivered', ['on_the_way', 'preparing', 'cancelled']],
    ] as const) {
      expect((await changeStatus(tokens.campina, order.id, { status })).statusCode, status).toBe(
        200,
      );
      for (const other of forbidden) await refuse(other, status);
    }
    const history = orderResponse.parse(
      (
        await t.app.inject({ url: `/api/orders/${order.id}`, headers: bearer(tokens.customer) })
      ).json(),
    ).results.history;
    expect(history.map((h) => h.status)).toEqual([
      'received',
      'accepted',
      'preparing',
      'ready',
      'delivered',
    ]);
  });

  it('takes an accepted order to ready in one call: preparing on the way, each step recorded, audited and heard once', async () => {
    const order = await placeAt(campina.id);
    expect((await changeStatus(tokens.staff, order.id, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const customer = await socketFor(tokens.customer);
    const heard = collect<unknown>(customer, 'order-status', 300);

    const res = await changeStatus(tokens.campina, order.id, { status: 'ready' });
    expect(res.statusCode).toBe(200);
    const ready = orderResponse.parse(res.json()).results;
    expect(ready.status).toBe('ready');
    expect(ready.history.map((h) => h.status)).toEqual([
      'received',
      'accepted',
      'preparing',
      'ready',
    ]);

    const campinaUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'campina@comanda.test')
      .executeTakeFirstOrThrow();
    const staffUser = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'staff@comanda.test')
      .executeTakeFirstOrThrow();
    const steps = await t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(steps).toEqual([
      { status: 'received', actor_id: null },
      { status: 'accepted', actor_id: staffUser.id },
      { status: 'preparing', actor_id: campinaUser.id },
      { status: 'ready', actor_id: campinaUser.id },
    ]);
    const logged = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'before', 'after'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .orderBy('id')
      .execute();
    expect(
      logged.map((row) => [
        row.action,
        row.user_id,
        JSON.parse(row.before!).status,
        JSON.parse(row.after!).status,
      ]),
    ).toEqual([
      ['accept', staffUser.id, 'received', 'accepted'],
      ['status', campinaUser.id, 'accepted', 'preparing'],
      ['status', campinaUser.id, 'preparing', 'ready'],
    ]);
    // The customer hears where the order is now, once.
    expect((await heard).map((event) => orderStatusEventSchema.parse(event).status)).toEqual([
      'ready',
    ]);
  });

  it('refuses a target it may not walk to, and records nothing', async () => {
    const order = await placeAt(campina.id);
    // Passing through "Aceptado" would promise a time nobody chose.
    const res = await changeStatus(tokens.campina, order.id, { status: 'ready' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Un pedido recibido no puede pasar a listo.');
    expect((await storedStatus(order.id)).status).toBe('received');
    const steps = await t.database.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(steps).toHaveLength(1);
  });

  it('takes a delivery order on the way before delivering it', async () => {
    const address = await t.database.db
      .selectFrom('addresses')
      .select('id')
      .where('neighbourhood', '=', 'La Campiña')
      .executeTakeFirstOrThrow();
    const order = await placeAt(campina.id, { type_delivery: 2, address_id: address.id });
    for (const status of ['accepted', 'preparing', 'ready', 'on_the_way', 'delivered']) {
      expect((await changeStatus(tokens.campina, order.id, { status })).statusCode, status).toBe(
        200,
      );
    }
  });

  it('lets exactly one of two screens answering at once win', async () => {
    const order = await placeAt(campina.id);
    const answers = await Promise.all([
      changeStatus(tokens.campina, order.id, { status: 'accepted', prep_minutes: 15 }),
      changeStatus(tokens.staff, order.id, { status: 'rejected', reason: 'Cocina saturada' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const history = await t.database.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(history).toHaveLength(2);
  });
});

describe('who may answer', () => {
  it("lets a branch's staff and admins act on its orders; another branch's staff and customers get 403 and change nothing", async () => {
    const atChico = await placeAt(chico.id);
    const denied = await changeStatus(tokens.campina, atChico.id, { status: 'accepted' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.forbidden);
    expect(
      (await changeStatus(tokens.customer, atChico.id, { status: 'accepted' })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/staff/orders/${atChico.id}/status`,
          payload: { status: 'accepted' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await storedStatus(atChico.id)).status).toBe('received');

    // Chicó's status change is not heard on Campiña's board.
    const campinaBoard = await socketFor(tokens.campina);
    const overheard = collect<unknown>(campinaBoard, 'order-status', 500);
    expect((await changeStatus(tokens.admin, atChico.id, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    expect(await overheard).toEqual([]);
    const atCampina = await placeAt(campina.id);
    expect(
      (await changeStatus(tokens.campina, atCampina.id, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect((await changeStatus(tokens.campina, 999_999, { status: 'accepted' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/staff/orders?scope=open', () => {
  it("lists the branch's open orders oldest first, without closed ones or other branches'", async () => {
    const first = await placeAt(campina.id);
    const second = await placeAt(campina.id);
    const closed = await placeAt(campina.id);
    await changeStatus(tokens.campina, closed.id, {
      status: 'rejected',
      reason: 'Producto agotado',
    });
    await changeStatus(tokens.campina, second.id, { status: 'accepted', prep_minutes: 20 });
    const elsewhere = await placeAt(chico.id);

    const res = await t.app.inject({
      url: `/api/staff/orders?branch_id=${campina.id}&scope=open`,
      headers: bearer(tokens.campina),
    });
    expect(res.statusCode).toBe(200);
    const { results } = orderListResponse.parse(res.json());
    const ids = results.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(
      results.every((o) =>
        ['received', 'accepted', 'preparing', 'ready', 'on_the_way'].includes(o.status),
      ),
    ).toBe(true);
    expect(results.find((o) => o.id === second.id)!.promised_at).not.toBeNull();
    expect(results.find((o) => o.id === first.id)!.customer).toEqual({
      name: 'Camila Restrepo',
      phone: '3001234567',
    });

    // Without scope it is the board too.
    const plain = await t.app.inject({
      url: `/api/staff/orders?branch_id=${campina.id}`,
      headers: bearer(tokens.campina),
    });
    expect(orderListResponse.parse(plain.json()).results.map((o) => o.id)).toEqual(ids);
  });

  it("answers 403 for another branch's list, 401 without a token, 400 for bad parameters, 404 for an unknown branch", async () => {
    const other = await t.app.inject({
      url: `/api/staff/orders?branch_id=${chico.id}&scope=open`,
      headers: bearer(tokens.campina),
    });
    expect(other.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/staff/orders?branch_id=${campina.id}`,
          headers: bearer(tokens.customer),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/staff/orders?branch_id=${campina.id}` })).statusCode,
    ).toBe(401);
    for (const query of [
      '',
      `branch_id=abc`,
      `branch_id=${campina.id}&scope=week`,
      // A day's orders have their own route now.
      `branch_id=${campina.id}&scope=day`,
    ]) {
      const res = await t.app.inject({
        url: `/api/staff/orders?${query}`,
        headers: bearer(tokens.admin),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Los datos de la solicitud no son válidos.');
    }
    expect(
      (
        await t.app.inject({
          url: `/api/staff/orders?branch_id=999999`,
          headers: bearer(tokens.admin),
        })
      ).statusCode,
    ).toBe(404);
  });
});
