import {
  SCHEDULE_MESSAGES,
  addDays,
  chainDayRange,
  chainToday,
  confirmCartAnswer,
  orderMinutes,
  orderResponse,
  slotsResponse,
  weekdayOf,
  type ConfirmCartAnswer,
  type Product,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { testClockStart, todayOn } from '../../helpers/clock';
import {
  availableProducts,
  bearer,
  branchBySlug,
  cartItem,
  login,
  orderPayload,
} from '../../helpers/ordering';
import { confirmCart, connected, listen, openSocket } from '../../helpers/sockets';
import { draftMaker } from '../../helpers/orders';
import { insertOrders } from '../../../src/modules/orders/writing/batch-repository';

// Order ahead (product.md «Order ahead»): a branch open only on a day two days from now, from
// 11:30 to 15:00 and from 18:00 to 01:00 (past midnight), closed by an exception two days
// after that. Everything is measured from the app's clock (its start: helpers/clock.ts), so every
// date is relative to that day.
let t: TestApp;
let url: string;
let customer: string;
let other: string;
let admin: string;
let branch: { id: number; title: string };
let product: Product;
const sockets: Socket[] = [];
const today = chainToday(new Date(testClockStart()));
const day = addDays(today, 2);
const MINUTE = 60_000;

/** The instant of `clock` (HH:MM) on a chain day. */
const at = (date: string, clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return new Date(chainDayRange(date).start.getTime() + (h * 60 + m) * MINUTE).toISOString();
};

async function socketFor(token: string) {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function placeFor(token: string, scheduledFor: string | null, quantity = 1) {
  const socket = await socketFor(token);
  const payload = orderPayload(branch.id, [cartItem(product, quantity)], {
    scheduled_for: scheduledFor,
  });
  return confirmCartAnswer.parse(await confirmCart<ConfirmCartAnswer>(socket, payload));
}

const slotsOf = async (date: string) => {
  const res = await t.app.inject(`/api/branches/${branch.id}/slots?date=${date}`);
  expect(res.statusCode).toBe(200);
  return slotsResponse.parse(res.json());
};

const setCapacity = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/branches/${branch.id}/capacity`,
    headers: bearer(token),
    payload: body,
  });

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  customer = await login(t.app, 'cliente@comanda.test');
  admin = await login(t.app, 'admin@comanda.test');
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Otra Cliente',
      email: 'otra@ejemplo.co',
      phone: '3150000002',
      password: 'una-clave-segura',
      password_confirmation: 'una-clave-segura',
    },
  });
  expect(registered.statusCode).toBeLessThan(300);
  other = await login(t.app, 'otra@ejemplo.co', 'una-clave-segura');
  branch = await branchBySlug(t.database, 'campina');
  const { db } = t.database;
  await db.deleteFrom('branch_hours').where('branch_id', '=', branch.id).execute();
  await db.deleteFrom('branch_exceptions').where('branch_id', '=', branch.id).execute();
  const weekday = weekdayOf(day);
  await db
    .insertInto('branch_hours')
    .values([
      { branch_id: branch.id, weekday, opens: '11:30', closes: '15:00' },
      { branch_id: branch.id, weekday, opens: '18:00', closes: '01:00' },
    ])
    .execute();
  await db
    .insertInto('branch_exceptions')
    .values({ branch_id: branch.id, date: addDays(day, 2), closed: 1, ranges: '[]' })
    .execute();
  await db
    .updateTable('branches')
    .set({ pickup_available: 1, paused_until: null, rush_minutes: 0 })
    .where('id', '=', branch.id)
    .execute();
  product = (await availableProducts(t.app, t.database, branch.id, 1))[0]!;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('slots', () => {
  it('are the 15-minute starts within the hours, the overnight range giving its last hour to the next day', async () => {
    const slots = (await slotsOf(day)).results;
    const starts = slots.map((s) => s.start);
    expect(starts[0]).toBe(at(day, '11:30'));
    expect(starts).toContain(at(day, '14:45'));
    expect(starts).not.toContain(at(day, '15:00'));
    expect(starts).not.toContain(at(day, '17:45'));
    expect(starts).toContain(at(day, '18:00'));
    expect(starts.at(-1)).toBe(at(day, '23:45'));
    expect(slots[0]!.end).toBe(at(day, '11:45'));
    expect(slots.every((s) => s.available && !s.full)).toBe(true);
    // 14 lunch slots and 24 dinner slots up to midnight.
    expect(slots).toHaveLength(14 + 24);

    const after = (await slotsOf(addDays(day, 1))).results.map((s) => s.start);
    expect(after).toEqual(['00:00', '00:15', '00:30', '00:45'].map((c) => at(addDays(day, 1), c)));
    // The exception closes its day; a day beyond the six ahead has none.
    expect((await slotsOf(addDays(day, 2))).results).toEqual([]);
    expect((await slotsOf(addDays(today, 9))).results).toEqual([]);
  });

  it('say the branch is closed now, when it opens, and that it takes no order as soon as possible', async () => {
    const { asap } = await slotsOf(day);
    expect(asap.available).toBe(false);
    expect(asap.eta).toBeNull();
    // `day` is two days after the file's start; a run that crossed the chain's midnight since
    // (the suite's run a minute before it) finds it tomorrow.
    const opens = addDays(todayOn(t.clock), 1) === day ? 'mañana' : 'el \\S+';
    expect(asap.closed).toMatch(new RegExp(`^Cerrada · abre ${opens} a las 11:30$`));
  });

  it('refuse a malformed date and an unknown branch in Spanish', async () => {
    const bad = await t.app.inject(`/api/branches/${branch.id}/slots?date=mañana`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.date).toEqual([SCHEDULE_MESSAGES.dateInvalid]);
    expect((await t.app.inject(`/api/branches/999999/slots?date=${day}`)).statusCode).toBe(404);
  });
});

describe('placing a scheduled order', () => {
  it('is refused as soon as possible at a closed branch, and taken for a slot, with its fire time', async () => {
    const asap = await placeFor(customer, null);
    expect(asap.status).toBe(false);
    const slot = at(day, '18:00');
    const answer = await placeFor(customer, slot, 2);
    if (!answer.status) throw new Error(JSON.stringify(answer.errors));
    const { prep_minutes } = await t.database.db
      .selectFrom('branches')
      .select('prep_minutes')
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    const fire = new Date(
      Date.parse(slot) - orderMinutes({ prep_minutes, rush_minutes: 0 }, 2) * MINUTE,
    );
    expect(answer.order.scheduled_for).toBe(slot);
    expect(answer.order.fire_at).toBe(fire.toISOString());
    expect(answer.eta).toBeUndefined();

    // The order page and the board carry both times; the board lists it while it waits.
    const page = await t.app.inject({
      url: `/api/orders/${answer.order.id}`,
      headers: bearer(customer),
    });
    expect(orderResponse.parse(page.json()).results).toMatchObject({
      scheduled_for: slot,
      fire_at: fire.toISOString(),
    });
    const board = await t.app.inject({
      url: `/api/staff/orders?scope=open&branch_id=${branch.id}`,
      headers: bearer(admin),
    });
    expect(
      board.json().results.find((o: { id: number }) => o.id === answer.order.id),
    ).toMatchObject({
      scheduled_for: slot,
      status: 'received',
    });
  });

  it('refuses a time that is not a slot, outside the hours, too soon or too far, with nothing stored', async () => {
    const before = await countOrders();
    const cases: [string, string][] = [
      [at(day, '18:07'), SCHEDULE_MESSAGES.invalidTime],
      [at(day, '16:00'), SCHEDULE_MESSAGES.outsideHours(branch.title)],
      [at(addDays(day, 2), '12:00'), SCHEDULE_MESSAGES.outsideHours(branch.title)],
      [at(addDays(today, 10), '12:00'), SCHEDULE_MESSAGES.tooFar],
    ];
    for (const [when, message] of cases) {
      const answer = await placeFor(customer, when);
      expect(answer.status).toBe(false);
      if (!answer.status) expect(answer.errors.scheduled_for).toEqual([message]);
    }
    const garbage = await placeFor(customer, 'mañana a las 8');
    expect(garbage.status).toBe(false);
    expect(await countOrders()).toBe(before);
  });

  it('gives the last place in a slot to exactly one of many customers racing for it', async () => {
    expect((await setCapacity(admin, { orders_per_slot: 3 })).statusCode).toBe(200);
    const slot = at(day, '19:00');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => placeFor(i % 2 === 0 ? customer : other, slot)),
    );
    const placed = answers.filter((a) => a.status);
    expect(placed).toHaveLength(3);
    for (const refused of answers.filter((a) => !a.status))
      if (!refused.status)
        expect(refused.errors.scheduled_for).toEqual([SCHEDULE_MESSAGES.slotFull]);
    expect(await ordersAt(slot)).toBe(3);
    const shown = (await slotsOf(day)).results.find((s) => s.start === slot)!;
    expect(shown).toMatchObject({ full: true, available: false });

    // Two customers for the one last place: one gets it.
    const last = at(day, '19:15');
    await placeFor(customer, last);
    await placeFor(other, last);
    const [a, b] = await Promise.all([placeFor(customer, last), placeFor(other, last)]);
    expect([a.status, b.status].filter(Boolean)).toHaveLength(1);
    expect(await ordersAt(last)).toBe(3);
  });

  it('counts units when the branch limits them', async () => {
    expect(
      (await setCapacity(admin, { orders_per_slot: null, units_per_slot: 4 })).statusCode,
    ).toBe(200);
    const slot = at(day, '20:00');
    expect((await placeFor(customer, slot, 3)).status).toBe(true);
    const refused = await placeFor(other, slot, 2);
    expect(refused.status).toBe(false);
    expect((await placeFor(other, slot, 1)).status).toBe(true);
    expect(
      (await setCapacity(admin, { orders_per_slot: null, units_per_slot: null })).statusCode,
    ).toBe(200);
  });
});

describe('the slot counter', () => {
  it('lets exactly the capacity through when each order is its own transaction (as on separate nodes)', async () => {
    expect((await setCapacity(admin, { orders_per_slot: 2 })).statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'cliente@comanda.test')
      .executeTakeFirstOrThrow();
    const draft = await draftMaker(t.database.db, user.id);
    const slot = at(day, '22:00');
    const written = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertOrders(
          t.database,
          [{ ...draft(), branch_id: branch.id, scheduled_for: slot, fire_at: slot }],
          new Date(t.clock.now()).toISOString(),
        ),
      ),
    );
    const results = written.flat();
    expect(results.filter((r) => r.created)).toHaveLength(2);
    expect(results.filter((r) => r.full)).toHaveLength(4);
    expect(await ordersAt(slot)).toBe(2);
    expect((await setCapacity(admin, { orders_per_slot: null })).statusCode).toBe(200);
  });
});

describe('the customer cancels', () => {
  it('a scheduled order before it fires, giving its place back; not after', async () => {
    expect((await setCapacity(admin, { orders_per_slot: 1 })).statusCode).toBe(200);
    const slot = at(day, '21:00');
    const placed = await placeFor(customer, slot);
    if (!placed.status) throw new Error('not placed');
    expect((await placeFor(other, slot)).status).toBe(false);

    const cancel = (token: string, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: bearer(token) });
    expect((await cancel(other, placed.order.id)).statusCode).toBe(404);
    const done = await cancel(customer, placed.order.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().results.status).toBe('cancelled');
    // The reason the order page reads as the customer's own cancel («Cancelaste tu pedido.»).
    expect(done.json().results.reject_reason).toBe(SCHEDULE_MESSAGES.cancelled);
    // The place is free again.
    const again = await placeFor(other, slot);
    expect(again.status).toBe(true);
    if (!again.status) return;

    // Once its fire time has passed, the kitchen may have started: 409, nothing changes.
    await t.database.db
      .updateTable('orders')
      .set({ fire_at: new Date(t.clock.now() - MINUTE).toISOString() })
      .where('id', '=', again.order.id)
      .execute();
    const late = await cancel(other, again.order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SCHEDULE_MESSAGES.cancelFired);
    const stored = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', again.order.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('received');
    expect((await setCapacity(admin, { orders_per_slot: null })).statusCode).toBe(200);
  });
});

describe('a branch that accepts its scheduled orders by itself', () => {
  const settings = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/staff/branches/${branch.id}/settings`,
      headers: bearer(token),
      payload: body,
    });

  it('answers the order accepted and promised for its slot; the customer may still cancel it before it fires', async () => {
    const staff = await login(t.app, 'campina@comanda.test');
    const on = await settings(staff, { auto_accept_scheduled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().results.auto_accept_scheduled).toBe(true);
    const logged = await t.database.db
      .selectFrom('audit_log')
      .select('summary')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.summary).toContain('aceptar solos los programados: sí');

    const slot = at(day, '20:00');
    const placed = await placeFor(customer, slot);
    if (!placed.status) throw new Error(JSON.stringify(placed.errors));
    expect(placed.order.status).toBe('accepted');
    expect(placed.order.promised_at).toBe(slot);
    expect(placed.order.history.map((step) => step.status)).toEqual(['received', 'accepted']);
    // Nobody took the step: no actor in the history.
    const steps = await t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor_id'])
      .where('order_id', '=', placed.order.id)
      .orderBy('id')
      .execute();
    expect(steps).toEqual([
      { status: 'received', actor_id: null },
      { status: 'accepted', actor_id: null },
    ]);
    // The order page reads the same.
    const read = await t.app.inject({
      url: `/api/orders/${placed.order.id}`,
      headers: bearer(customer),
    });
    expect(orderResponse.parse(read.json()).results.status).toBe('accepted');

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.id}/cancel`,
      headers: bearer(customer),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().results.status).toBe('cancelled');

    // Switched off: the next one waits for staff.
    expect((await settings(staff, { auto_accept_scheduled: false })).statusCode).toBe(200);
    const waiting = await placeFor(other, at(day, '20:15'));
    if (!waiting.status) throw new Error(JSON.stringify(waiting.errors));
    expect(waiting.order.status).toBe('received');
    expect(waiting.order.promised_at).toBeNull();
  });
});

describe('PUT /api/admin/branches/:id/capacity', () => {
  it('is for admins, validated, versioned and answered in the branch', async () => {
    const staff = await login(t.app, 'staff@comanda.test');
    expect((await setCapacity(staff, { orders_per_slot: 2 })).statusCode).toBe(403);
    const bad = await setCapacity(admin, { orders_per_slot: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.orders_per_slot).toEqual([SCHEDULE_MESSAGES.capacityInvalid]);
    const ok = await setCapacity(admin, { orders_per_slot: 5, units_per_slot: 40 });
    expect(ok.json().results).toMatchObject({ orders_per_slot: 5, units_per_slot: 40 });
    const { version } = ok.json().results as { version: number };
    const stale = await setCapacity(admin, { orders_per_slot: 9, version: version - 1 });
    expect(stale.statusCode).toBe(409);
    const branchAnswer = await t.app.inject({
      url: `/api/admin/branches/${branch.id}`,
      headers: bearer(admin),
    });
    expect(branchAnswer.json().results).toMatchObject({ orders_per_slot: 5, units_per_slot: 40 });
  });
});

async function countOrders() {
  const row = await t.database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function ordersAt(slot: string) {
  const rows = await t.database.db
    .selectFrom('orders')
    .select(['scheduled_for'])
    .where('branch_id', '=', branch.id)
    .where('status', '=', 'received')
    .where('scheduled_for', 'is not', null)
    .execute();
  return rows.filter((r) => new Date(r.scheduled_for!).toISOString() === slot).length;
}
