import {
  auditListResponse,
  type AuditEntry,
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
  login,
  openAllDay,
  orderPayload,
  place,
} from '../../helpers/ordering';
import { connected, listen, openSocket } from '../../helpers/sockets';

// The branch console's actions in the change log: every switch and every step of an order is
// recorded with who took it and at which branch, in the same transaction as the change; a
// refused action records nothing; the order's status history keeps who moved it; and the
// back office's Historial finds them by branch and by person.

let t: TestApp;
let url: string;
let campina: { id: number; title: string };
let chico: { id: number; title: string };
let tokens: { customer: string; campina: string; admin: string };
let people: { campina: { id: number; email: string }; admin: { id: number; email: string } };
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
    admin: await login(t.app, 'admin@comanda.test'),
  };
  const account = (email: string) =>
    t.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  people = {
    campina: await account('campina@comanda.test'),
    admin: await account('admin@comanda.test'),
  };
  products = await availableProducts(t.app, t.database, campina.id, 2);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const send = (
  token: string,
  method: 'PUT' | 'POST',
  path: string,
  payload: Record<string, unknown>,
) => t.app.inject({ method, url: path, headers: bearer(token), payload });

async function historial(query = ''): Promise<AuditEntry[]> {
  const res = await t.app.inject({
    url: `/api/admin/audit${query}`,
    headers: bearer(tokens.admin),
  });
  expect(res.statusCode, query).toBe(200);
  return auditListResponse.parse(res.json()).results;
}

/** Every log row, straight from the table: what a refused action must leave untouched. */
const logSize = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function placeAt(branchId: number): Promise<PlacedOrder> {
  const socket = openSocket(url, tokens.customer);
  sockets.push(socket);
  await connected(socket);
  return place(socket, orderPayload(branchId, [cartItem(products[0]!), cartItem(products[1]!)]));
}

const move = (token: string, orderId: number, payload: Record<string, unknown>) =>
  send(token, 'POST', `/api/staff/orders/${orderId}/status`, payload);

describe('the console’s switches', () => {
  it('record who flipped each one, at which branch, from what to what', async () => {
    const cases: {
      token: 'campina' | 'admin';
      path: string;
      payload: Record<string, unknown>;
      expected: Partial<AuditEntry>;
    }[] = [
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/pause`,
        payload: { minutes: 15 },
        expected: {
          action: 'pause',
          entity: 'branch',
          entity_id: String(campina.id),
          before: { paused_until: null },
        },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/pause`,
        payload: { minutes: 0 },
        expected: { action: 'resume', entity: 'branch', after: { paused_until: null } },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/pause`,
        payload: { until_reopened: true },
        expected: { action: 'pause', entity: 'branch', before: { paused_until: null } },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/rush`,
        payload: { extra_minutes: 10 },
        expected: {
          action: 'rush',
          entity: 'branch',
          before: { rush_minutes: 0 },
          after: { rush_minutes: 10 },
        },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/rush`,
        payload: { extra_minutes: 0 },
        expected: {
          action: 'rush',
          entity: 'branch',
          before: { rush_minutes: 10 },
          after: { rush_minutes: 0 },
        },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/settings`,
        payload: { prep_minutes: 35, auto_print: true },
        expected: {
          action: 'update',
          entity: 'branch',
          after: { prep_minutes: 35, auto_print: 1 },
        },
      },
      {
        token: 'admin',
        path: `/api/staff/branches/${campina.id}/products/${products[0]!.id}/availability`,
        payload: { sold_out: true },
        expected: {
          action: 'sold_out',
          entity: 'branch_product',
          entity_id: String(products[0]!.id),
          before: { sold_out: false },
          after: { sold_out: true },
        },
      },
      {
        token: 'campina',
        path: `/api/staff/branches/${campina.id}/products/${products[0]!.id}/availability`,
        payload: { sold_out: false },
        expected: {
          action: 'available',
          entity: 'branch_product',
          before: { sold_out: true },
          after: { sold_out: false },
        },
      },
    ];
    for (const { token, path, payload, expected } of cases) {
      const res = await send(tokens[token], 'PUT', path, payload);
      expect(res.statusCode, path).toBe(200);
      const [latest] = await historial();
      const who = people[token];
      expect(latest, JSON.stringify(payload)).toMatchObject({
        ...expected,
        user: who.email,
        user_id: who.id,
        branch_id: campina.id,
      });
      expect(latest!.summary).toContain(campina.title);
      expect(t.clock.now() - Date.parse(latest!.at)).toBeLessThan(60_000);
    }
    // The pause that runs "until reopened" is stored far ahead; the log says so, and the
    // settings row carries the usual preparation minutes as they were.
    const rows = await historial(`?branch_id=${campina.id}&action=pause`);
    expect(rows[0]!.summary).toMatch(/hasta reanudar/);
    expect(rows[1]!.summary).toMatch(/15 min/);
    const [settings] = await historial(`?branch_id=${campina.id}&action=update`);
    expect(settings!.before).toEqual({ prep_minutes: 20, auto_print: 0 });
    await send(tokens.campina, 'PUT', `/api/staff/branches/${campina.id}/pause`, { minutes: 0 });
  });

  it('record nothing when the switch is refused', async () => {
    const before = await logSize();
    const refusals = [
      await send(tokens.campina, 'PUT', `/api/staff/branches/${chico.id}/pause`, { minutes: 15 }), // another branch's
      await send(tokens.campina, 'PUT', `/api/staff/branches/${campina.id}/rush`, {
        extra_minutes: 500,
      }),
      await send(tokens.campina, 'PUT', `/api/staff/branches/${campina.id}/settings`, {}),
      await send(
        tokens.campina,
        'PUT',
        `/api/staff/branches/${campina.id}/products/999999/availability`,
        { sold_out: true },
      ),
      await send(tokens.customer, 'PUT', `/api/staff/branches/${campina.id}/pause`, {
        minutes: 15,
      }),
    ];
    expect(refusals.map((res) => res.statusCode)).toEqual([403, 400, 400, 404, 403]);
    expect(await logSize()).toBe(before);
  });
});

describe('an order’s steps', () => {
  it('are each recorded with who took it, and the status history keeps them', async () => {
    const order = await placeAt(campina.id);
    const steps: ['campina' | 'admin', Record<string, unknown>, AuditEntry['action']][] = [
      ['campina', { status: 'accepted', prep_minutes: 25 }, 'accept'],
      ['admin', { status: 'preparing' }, 'status'],
      ['campina', { status: 'ready' }, 'status'],
      ['campina', { status: 'delivered' }, 'status'],
    ];
    for (const [token, payload, action] of steps) {
      expect(
        (await move(tokens[token], order.id, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(200);
      const [latest] = await historial(`?branch_id=${campina.id}`);
      expect(latest).toMatchObject({
        action,
        entity: 'order',
        entity_id: String(order.id),
        branch_id: campina.id,
        user: people[token].email,
        user_id: people[token].id,
        after: { status: payload.status },
      });
      expect(latest!.summary).toContain(`#${order.id}`);
    }
    const accepted = (await historial(`?action=accept&branch_id=${campina.id}`))[0]!;
    expect(accepted.before).toEqual({ status: 'received' });
    expect(accepted.after).toMatchObject({ status: 'accepted', prep_minutes: 25 });
    expect(typeof (accepted.after as { promised_at: unknown }).promised_at).toBe('string');

    const history = await t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      // Placed by the customer: no staff member took that step.
      { status: 'received', actor_id: null },
      { status: 'accepted', actor_id: people.campina.id },
      { status: 'preparing', actor_id: people.admin.id },
      { status: 'ready', actor_id: people.campina.id },
      { status: 'delivered', actor_id: people.campina.id },
    ]);
  });

  it('name rejecting with its reason and cancelling on their own', async () => {
    const rejected = await placeAt(campina.id);
    const cancelled = await placeAt(campina.id);
    expect(
      (await move(tokens.campina, rejected.id, { status: 'rejected', reason: 'Sin domiciliarios' }))
        .statusCode,
    ).toBe(200);
    expect((await move(tokens.admin, cancelled.id, { status: 'cancelled' })).statusCode).toBe(200);

    const [cancel, reject] = await historial(`?branch_id=${campina.id}`);
    expect(reject).toMatchObject({
      action: 'reject',
      entity_id: String(rejected.id),
      user_id: people.campina.id,
      after: { status: 'rejected', reject_reason: 'Sin domiciliarios' },
    });
    expect(reject!.summary).toContain('Sin domiciliarios');
    expect(cancel).toMatchObject({
      action: 'cancel',
      entity_id: String(cancelled.id),
      user_id: people.admin.id,
      before: { status: 'received' },
    });
  });

  it('record nothing when refused, and one row when two screens answer at once', async () => {
    const order = await placeAt(campina.id);
    const before = await logSize();
    expect((await move(tokens.campina, order.id, { status: 'delivered' })).statusCode).toBe(400); // not from received
    expect((await move(tokens.customer, order.id, { status: 'accepted' })).statusCode).toBe(403);
    expect(await logSize()).toBe(before);

    const answers = await Promise.all([
      move(tokens.campina, order.id, { status: 'accepted' }),
      move(tokens.admin, order.id, { status: 'rejected', reason: 'Cocina saturada' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const rows = (await historial(`?branch_id=${campina.id}`)).filter(
      (row) => row.entity === 'order' && row.entity_id === String(order.id),
    );
    expect(rows).toHaveLength(1);
    expect(await logSize()).toBe(before + 1);
    const winner = answers[0]!.statusCode === 200 ? people.campina : people.admin;
    expect(rows[0]!.user_id).toBe(winner.id);
    const steps = await t.database.db
      .selectFrom('order_status_history')
      .select('actor_id')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(steps.map((step) => step.actor_id)).toEqual([null, winner.id]);
  });
});

describe('the Historial’s filters', () => {
  it('find a branch’s and a person’s actions, and only theirs', async () => {
    const atChico = await placeAt(chico.id);
    expect((await move(tokens.admin, atChico.id, { status: 'accepted' })).statusCode).toBe(200);
    expect(
      (
        await send(tokens.admin, 'PUT', `/api/staff/branches/${chico.id}/rush`, {
          extra_minutes: 5,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(tokens.campina, 'PUT', `/api/staff/branches/${campina.id}/rush`, {
          extra_minutes: 5,
        })
      ).statusCode,
    ).toBe(200);

    const chicoRows = await historial(`?branch_id=${chico.id}`);
    expect(chicoRows.length).toBeGreaterThanOrEqual(2);
    expect(chicoRows.every((row) => row.branch_id === chico.id)).toBe(true);
    expect(chicoRows.slice(0, 2).map((row) => row.action)).toEqual(['rush', 'accept']);

    const campinaRows = await historial(`?branch_id=${campina.id}`);
    expect(campinaRows.every((row) => row.branch_id === campina.id)).toBe(true);
    expect(campinaRows.some((row) => row.user_id === people.campina.id)).toBe(true);

    const byCampina = await historial(`?user_id=${people.campina.id}`);
    expect(byCampina.length).toBeGreaterThan(5);
    expect(
      byCampina.every(
        (row) => row.user_id === people.campina.id && row.user === people.campina.email,
      ),
    ).toBe(true);
    const byAdmin = await historial(`?user_id=${people.admin.id}`);
    expect(byAdmin.every((row) => row.user_id === people.admin.id)).toBe(true);
    expect(byAdmin.some((row) => row.branch_id === chico.id)).toBe(true);

    // Together: what the admin did at Chicó, and nothing of Campiña's staff there.
    const both = await historial(`?branch_id=${chico.id}&user_id=${people.admin.id}`);
    expect(both.map((row) => row.action).slice(0, 2)).toEqual(['rush', 'accept']);
    expect(await historial(`?branch_id=${chico.id}&user_id=${people.campina.id}`)).toEqual([]);
    // A branch or person that never did anything: an empty page, not an error.
    expect(await historial('?branch_id=999999')).toEqual([]);
    expect(await historial('?user_id=999999')).toEqual([]);
  });

  it('refuse a branch or person that is not an id, with a Spanish message, and change nothing', async () => {
    const before = await logSize();
    for (const query of [
      '?branch_id=abc',
      '?branch_id=0',
      '?branch_id=-1',
      '?branch_id=1.5',
      '?user_id=%00',
      '?user_id=01',
      `?user_id=${'9'.repeat(12)}`,
      '?branch_id=1%27--',
    ]) {
      const res = await t.app.inject({
        url: `/api/admin/audit${query}`,
        headers: bearer(tokens.admin),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/filtro del historial no es válido|válid/);
    }
    expect(await logSize()).toBe(before);
  });
});
