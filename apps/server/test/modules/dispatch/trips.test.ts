import {
  DISPATCH_MESSAGES,
  FAIL_REASON_TEXT,
  orderResponse,
  shiftListResponse,
  tripResponse,
  type EtaEvent,
  type Trip,
} from '@comanda/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { branchBySlug, collect, login } from '../../helpers/ordering';
import { next } from '../../helpers/sockets';
import {
  call,
  couriersOf,
  dispatchWorld,
  onShift,
  readyDelivery,
  socketOf,
  type DispatchWorld,
} from './dispatch-support';

// Dispatch (decision 068): staff hand ready delivery orders to a courier on shift as one trip,
// change it until it leaves; the courier leaves, delivers or brings an order back with why; the
// customer reads the courier's first name and an arrival the courier's position moves; the
// branch closes the shift with the cash. Every step is in the change log with who took it.

let t: TestApp;
let w: DispatchWorld;
let cashId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await dispatchWorld(t);
  cashId = (
    await t.database.db
      .selectFrom('payment_types')
      .select('id')
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow()
  ).id;
  // Where the branch and the zone are (the demo's branch has its own): what the live estimate
  // measures between.
  const at = new Date(t.clock.now()).toISOString();
  await t.database.db
    .deleteFrom('places')
    .where('kind', '=', 'branch')
    .where('ref_id', '=', w.branch.id)
    .execute();
  await t.database.db
    .insertInto('places')
    .values([
      { kind: 'branch', ref_id: w.branch.id, lat: 4.7, lng: -74.05, updated_at: at },
      { kind: 'zone', ref_id: w.zoneId, lat: 4.75, lng: -74.05, updated_at: at },
    ])
    .execute();
});
afterEach(async () => {
  for (const socket of w.sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const tripOf = (res: { statusCode: number; json(): unknown }, status = 200): Trip => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  return tripResponse.parse(res.json()).results;
};
/** The next `eta` for one order (the customer hears one per order of theirs in the trip). */
const etaFor = (socket: Socket, orderId: number) =>
  new Promise<EtaEvent>((resolve) => {
    const listener = (event: EtaEvent) => {
      if (event.order_id !== orderId) return;
      socket.off('eta', listener);
      resolve(event);
    };
    socket.on('eta', listener);
  });
const orderAs = async (id: number, token = w.tokens.customer) =>
  orderResponse.parse((await call(t, 'GET', `/api/orders/${id}`, token)).json()).results;
const staffOrder = async (id: number) =>
  (await call(t, 'GET', `/api/staff/orders?branch_id=${w.branch.id}&scope=open`, w.tokens.staff))
    .json()
    .results.find((order: { id: number }) => order.id === id);

describe('a trip from the counter to the door', () => {
  it('assigns, reassigns, leaves, delivers one and brings the other back', async () => {
    expect((await couriersOf(t, w)).map((c) => c.state)).toEqual(['off_shift', 'off_shift']);
    await onShift(t, w.tokens.courier);
    await onShift(t, w.tokens.courier2);
    const phone = await socketOf(w, w.tokens.courier);
    const phone2 = await socketOf(w, w.tokens.courier2);
    // Cash with a tip for the courier (decision 085): collected with the order, said apart.
    const first = await readyDelivery(t, w, 'ready', cashId, { tip: 3000 });
    const second = await readyDelivery(t, w);

    const rings = next<Trip>(phone, 'trip');
    const trip = tripOf(
      await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
        courier_id: w.courierIds.courier,
        order_ids: [second.id, first.id],
      }),
      201,
    );
    expect((await rings).id).toBe(trip.id);
    expect(trip.stops.map((s) => s.order_id)).toEqual([second.id, first.id]);
    expect(trip.stops[1]).toMatchObject({
      total: first.total,
      tip: 3000,
      collect: first.total + 3000,
    });
    const states = await couriersOf(t, w);
    expect(states.find((c) => c.id === w.courierIds.courier)!.state).toBe('assigned');

    // Reassigned and reordered before leaving: the other courier's phone rings, the first hears it go.
    const toSecond = next<Trip>(phone2, 'trip');
    const gone = next<Trip>(phone, 'trip');
    const changed = tripOf(
      await call(t, 'PUT', `/api/staff/trips/${trip.id}`, w.tokens.staff, {
        courier_id: w.courierIds.courier2,
        order_ids: [first.id, second.id],
      }),
    );
    expect(changed.courier.id).toBe(w.courierIds.courier2);
    expect((await toSecond).courier.id).toBe(w.courierIds.courier2);
    expect((await gone).courier.id).toBe(w.courierIds.courier2);
    expect(changed.stops.map((s) => s.order_id)).toEqual([first.id, second.id]);

    // Only the trip's courier leaves with it.
    const notYours = await call(
      t,
      'POST',
      `/api/courier/trips/${trip.id}/depart`,
      w.tokens.courier,
    );
    expect(notYours.statusCode).toBe(403);
    const customer = await socketOf(w, w.tokens.customer);
    // Leaving tells the customer a first arrival, from the zone's minutes.
    const leaving = etaFor(customer, second.id);
    const left = tripOf(
      await call(t, 'POST', `/api/courier/trips/${trip.id}/depart`, w.tokens.courier2),
    );
    await leaving;
    expect(left.status).toBe('out');
    const mine = await orderAs(first.id);
    expect(mine.status).toBe('on_the_way');
    expect(mine.courier).toEqual({ name: 'Luisa' });
    expect(mine.arrival).not.toBeNull();
    // Once left, the trip no longer changes hands.
    const late = await call(t, 'PUT', `/api/staff/trips/${trip.id}`, w.tokens.staff, {
      courier_id: w.courierIds.courier,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DISPATCH_MESSAGES.tripDeparted);

    // The position moves the estimate: near the door it is sooner than across town.
    const far = etaFor(customer, first.id);
    await call(t, 'POST', '/api/courier/position', w.tokens.courier2, {
      lat: 4.6,
      lng: -74.05,
      accuracy: 20,
    });
    const farArrival = (await far).arrival.from;
    const near = etaFor(customer, first.id);
    await call(t, 'POST', '/api/courier/position', w.tokens.courier2, {
      lat: 4.749,
      lng: -74.05,
      accuracy: 20,
    });
    const nearEvent = await near;
    expect(nearEvent.courier).toEqual({ name: 'Luisa' });
    expect(Date.parse(nearEvent.arrival.from)).toBeLessThan(Date.parse(farArrival));
    expect((await orderAs(first.id)).arrival!.from).toBe(nearEvent.arrival.from);

    const done = tripOf(
      await call(t, 'POST', `/api/courier/orders/${first.id}/delivered`, w.tokens.courier2),
    );
    expect(done.stops[0]!.outcome).toBe('delivered');
    const delivered = await orderAs(first.id);
    expect(delivered.status).toBe('delivered');
    // Never an estimate (nor a position) for an order already at its door.
    expect(delivered.arrival).toBeNull();

    const back = tripOf(
      await call(t, 'POST', `/api/courier/orders/${second.id}/failed`, w.tokens.courier2, {
        reason: 'no_answer',
      }),
    );
    expect(back.status).toBe('done');
    const returned = await staffOrder(second.id);
    expect(returned.status).toBe('ready');
    expect(returned.delivery_failed).toBe(FAIL_REASON_TEXT.no_answer);
    expect(returned.courier).toBeNull();
    // Back on the board, it can go out again with another courier.
    tripOf(
      await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
        courier_id: w.courierIds.courier,
        order_ids: [second.id],
      }),
      201,
    );
    // The finished trip takes no position.
    const after = await call(t, 'POST', '/api/courier/position', w.tokens.courier2, {
      lat: 4.7,
      lng: -74,
      accuracy: 5,
    });
    expect(after.json().results.kept).toBe(false);

    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', 'in', ['trip', 'order', 'shift'])
      .where('action', 'in', ['assign', 'reassign', 'depart', 'deliver', 'fail'])
      .execute();
    expect(new Set(log.map((row) => row.action))).toEqual(
      new Set(['assign', 'reassign', 'depart', 'deliver', 'fail']),
    );
    expect(log.find((row) => row.action === 'depart')!.user_id).toBe(w.courierIds.courier2);
  });

  it("closes a courier's shift with the cash handed in and the difference noted", async () => {
    // A shift of its own: the one the courier worked above ends first.
    await onShift(t, w.tokens.courier2, false);
    await onShift(t, w.tokens.courier2);
    const order = await readyDelivery(t, w, 'ready', cashId);
    const trip = tripOf(
      await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
        courier_id: w.courierIds.courier2,
        order_ids: [order.id],
      }),
      201,
    );
    // Not while the trip is open.
    const busy = await call(t, 'POST', '/api/courier/shift', w.tokens.courier2, { on: false });
    expect(busy.statusCode).toBe(409);
    tripOf(await call(t, 'POST', `/api/courier/trips/${trip.id}/depart`, w.tokens.courier2));
    tripOf(await call(t, 'POST', `/api/courier/orders/${order.id}/delivered`, w.tokens.courier2));
    const shift = await onShift(t, w.tokens.courier2, false);
    const expected = shift.cash_expected as number;
    expect(expected).toBeGreaterThanOrEqual(order.total);
    const closed = await call(t, 'POST', `/api/staff/shifts/${shift.id}/close`, w.tokens.staff, {
      cash_handed_in: expected - 1000,
      note: 'Faltan mil',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().results.difference).toBe(-1000);
    const again = await call(t, 'POST', `/api/staff/shifts/${shift.id}/close`, w.tokens.staff, {
      cash_handed_in: expected,
    });
    expect(again.statusCode).toBe(409);
    const day = shiftListResponse
      .parse(
        (await call(t, 'GET', `/api/staff/branches/${w.branch.id}/shifts`, w.tokens.staff)).json(),
      )
      .results.find((row) => row.id === shift.id)!;
    expect(day).toMatchObject({
      delivered: 1,
      failed: 0,
      cash_handed_in: expected - 1000,
      note: 'Faltan mil',
    });
    expect(day.fees).toBe(order.delivery_fee);
  });
});

describe('who may', () => {
  it("tells the console a courier is one, and nothing of the branch's board", async () => {
    const me = await call(t, 'GET', '/api/staff/me', w.tokens.courier);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ role: 'courier', branch_ids: [w.branch.id] });
    expect((await call(t, 'GET', '/api/staff/branches', w.tokens.courier)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/staff/me', w.tokens.customer)).statusCode).toBe(403);
  });

  it('refuses customers and staff the courier routes, and couriers the counter', async () => {
    for (const token of [w.tokens.customer, w.tokens.staff]) {
      expect((await call(t, 'GET', '/api/courier/trips/current', token)).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/courier/shift', token, { on: true })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await call(t, 'GET', `/api/staff/branches/${w.branch.id}/couriers`, w.tokens.courier))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          t,
          'GET',
          `/api/staff/orders?branch_id=${w.branch.id}&scope=open`,
          w.tokens.courier,
        )
      ).statusCode,
    ).toBe(403);
  });

  it("refuses a courier of another branch every route of this branch's trip", async () => {
    // Personal creates a courier for another branch: the back office takes the role with branches.
    const chico = await branchBySlug(t.database, 'chico');
    const created = await call(t, 'POST', '/api/admin/staff', w.tokens.admin, {
      name: 'Pedro Ajeno',
      email: 'pedro.ajeno@sede.co',
      phone: '3109990001',
      role: 'courier',
      branch_ids: [chico.id],
      password: 'tres tigres tristes comen trigo',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().results.role).toBe('courier');
    const other = await login(t.app, 'pedro.ajeno@sede.co', 'tres tigres tristes comen trigo');
    await onShift(t, other);
    // One of this branch's trips, out on the road.
    await onShift(t, w.tokens.courier2);
    const order = await readyDelivery(t, w);
    const trip = tripOf(
      await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
        courier_id: w.courierIds.courier2,
        order_ids: [order.id],
      }),
      201,
    );
    // Nor can the counter give it to a courier who does not work here.
    const foreign = await call(t, 'PUT', `/api/staff/trips/${trip.id}`, w.tokens.staff, {
      courier_id: created.json().results.id,
    });
    expect(foreign.statusCode).toBe(400);
    for (const [method, url, payload] of [
      ['POST', `/api/courier/trips/${trip.id}/depart`, undefined],
      ['POST', `/api/courier/orders/${order.id}/delivered`, undefined],
      ['POST', `/api/courier/orders/${order.id}/failed`, { reason: 'refused' }],
      ['GET', `/api/staff/branches/${w.branch.id}/couriers`, undefined],
      ['POST', '/api/staff/trips', { courier_id: w.courierIds.courier2, order_ids: [order.id] }],
    ] as const)
      expect((await call(t, method, url, other, payload)).statusCode, url).toBe(403);
    // Its own current trip is empty: nothing of this branch's reaches it.
    const mine = await call(t, 'GET', '/api/courier/trips/current', other);
    expect(mine.json().results).toBeNull();
    tripOf(await call(t, 'POST', `/api/courier/trips/${trip.id}/depart`, w.tokens.courier2));
    tripOf(await call(t, 'POST', `/api/courier/orders/${order.id}/delivered`, w.tokens.courier2));
  });

  it('refuses bad input with Spanish messages and changes nothing', async () => {
    const empty = await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
      courier_id: w.courierIds.courier,
      order_ids: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.order_ids).toEqual([DISPATCH_MESSAGES.ordersRequired]);
    const reason = await call(t, 'POST', '/api/courier/orders/1/failed', w.tokens.courier, {
      reason: 'tired',
    });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().errors.reason).toEqual([DISPATCH_MESSAGES.reasonRequired]);
    const where = await call(t, 'POST', '/api/courier/position', w.tokens.courier, {
      lat: 91,
      lng: 0,
      accuracy: 1,
    });
    expect(where.statusCode).toBe(400);
    const cash = await call(t, 'POST', '/api/staff/shifts/1/close', w.tokens.staff, {
      cash_handed_in: -5,
    });
    expect(cash.statusCode).toBe(400);
    const pickup = await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
      courier_id: 999999,
      order_ids: [999999],
    });
    expect(pickup.statusCode).toBe(404);
  });

  it('tells the arrival to the order’s customer only', async () => {
    await onShift(t, w.tokens.courier2);
    const order = await readyDelivery(t, w);
    const trip = tripOf(
      await call(t, 'POST', '/api/staff/trips', w.tokens.staff, {
        courier_id: w.courierIds.courier2,
        order_ids: [order.id],
      }),
      201,
    );
    tripOf(await call(t, 'POST', `/api/courier/trips/${trip.id}/depart`, w.tokens.courier2));
    const stranger = await socketOf(w, w.tokens.admin);
    const heard = collect<EtaEvent>(stranger, 'eta');
    await call(t, 'POST', '/api/courier/position', w.tokens.courier2, {
      lat: 4.72,
      lng: -74.05,
      accuracy: 10,
    });
    expect(await heard).toEqual([]);
    tripOf(await call(t, 'POST', `/api/courier/orders/${order.id}/delivered`, w.tokens.courier2));
    // The position is deleted once the privacy window after the trip has passed.
    t.clock.advance(25 * 3_600_000);
    await t.app.dispatch.forgetOldPositions();
    const kept = await t.database.db
      .selectFrom('trips')
      .select(['lat', 'position_at'])
      .where('id', '=', trip.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ lat: null, position_at: null });
  });
});
