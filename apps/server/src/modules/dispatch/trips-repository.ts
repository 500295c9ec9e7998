// The SQL of trips and their stops (decision 068). Plain functions of the store.
import { COOKING_STATUSES } from '@comanda/shared';
import type { DbExecutor, OrderStatus } from '../../db/types';
import type { DispatchStore } from './types';

/** The trips a courier still has: assigned, or out delivering. */
export const OPEN_TRIP = ['assigned', 'out'] as const;

const TRIP_COLUMNS = [
  't.id',
  't.branch_id',
  't.courier_id',
  't.shift_id',
  't.status',
  't.created_at',
  't.departed_at',
  't.finished_at',
  't.lat',
  't.lng',
  't.accuracy',
  't.position_at',
  'b.title as branch_title',
  'b.address as branch_address',
  'b.city as branch_city',
  'c.name as courier_name',
] as const;

const trips = (db: DbExecutor) =>
  db
    .selectFrom('trips as t')
    .innerJoin('branches as b', 'b.id', 't.branch_id')
    .innerJoin('users as c', 'c.id', 't.courier_id')
    .select(TRIP_COLUMNS);

export type TripRow = NonNullable<Awaited<ReturnType<typeof findTrip>>>;

export const findTrip = (db: DbExecutor, id: number) =>
  trips(db).where('t.id', '=', id).executeTakeFirst();

/** A courier's open trip (one at most). */
export const openTripOf = (db: DbExecutor, courierId: number) =>
  trips(db)
    .where('t.courier_id', '=', courierId)
    .where('t.status', 'in', OPEN_TRIP)
    .orderBy('t.id', 'desc')
    .executeTakeFirst();

/** The open trips of a branch's couriers. */
export const openTripsAt = ({ db }: DispatchStore, branchId: number) =>
  trips(db).where('t.branch_id', '=', branchId).where('t.status', 'in', OPEN_TRIP).execute();

/** The stops of some trips, in delivery order, with what the courier needs at each door. */
export const stopsOf = (db: DbExecutor, tripIds: number[]) =>
  tripIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('trip_orders as s')
        .innerJoin('orders as o', 'o.id', 's.order_id')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .innerJoin('payment_types as p', 'p.id', 'o.payment_type_id')
        .leftJoin('branch_delivery_zones as z', (join) =>
          join
            .onRef('z.branch_id', '=', 'o.branch_id')
            .onRef('z.neighbourhood', '=', 'o.neighbourhood'),
        )
        .select([
          's.trip_id',
          's.order_id',
          's.position',
          's.outcome',
          's.fail_reason',
          's.ended_at',
          'o.status',
          'o.user_id',
          'o.address',
          'o.neighbourhood',
          'o.address_notes',
          'o.address_id',
          'o.total',
          'o.tip',
          'o.delivery_fee',
          'o.payment_description',
          'o.payment_status',
          'o.pay_with',
          'o.arrival_from',
          'p.kind as payment_kind',
          'u.name as customer_name',
          'z.id as zone_id',
          'z.delivery_minutes as zone_minutes',
          (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('customer_phone'),
        ])
        .where('s.trip_id', 'in', tripIds)
        .orderBy('s.trip_id')
        .orderBy('s.position')
        .execute();

export type StopRow = Awaited<ReturnType<typeof stopsOf>>[number];

/** The orders a trip may take: the branch's, delivery ones, in one of `statuses`, free of a trip. */
export const dispatchable = (db: DbExecutor, ids: number[]) =>
  db
    .selectFrom('orders')
    .select(['id', 'branch_id', 'type_delivery', 'status', 'trip_id', 'user_id'])
    .where('id', 'in', ids)
    .execute();

export async function insertTrip(
  trx: DbExecutor,
  trip: { branch_id: number; courier_id: number; shift_id: number; created_at: string },
): Promise<number> {
  const row = await trx
    .insertInto('trips')
    .values({ ...trip, status: 'assigned' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The trip's stops become `orderIds`, in that order: orders no longer in it are freed, new ones
 * claimed. False when an order was claimed by another trip (or moved on) meanwhile.
 */
export async function setStops(
  trx: DbExecutor,
  tripId: number,
  orderIds: readonly number[],
  statuses: readonly OrderStatus[],
): Promise<boolean> {
  await trx
    .updateTable('orders')
    .set({ trip_id: null })
    .where('trip_id', '=', tripId)
    .where('id', 'not in', [...orderIds])
    .execute();
  await trx.deleteFrom('trip_orders').where('trip_id', '=', tripId).execute();
  for (const [index, orderId] of orderIds.entries()) {
    const claimed = await trx
      .updateTable('orders')
      .set({ trip_id: tripId })
      .where('id', '=', orderId)
      .where('status', 'in', [...statuses])
      .where((eb) => eb.or([eb('trip_id', 'is', null), eb('trip_id', '=', tripId)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('trip_orders')
      .values({ trip_id: tripId, order_id: orderId, position: index + 1 })
      .execute();
  }
  return true;
}

export const setTripCourier = (
  trx: DbExecutor,
  tripId: number,
  courierId: number,
  shiftId: number,
) =>
  trx
    .updateTable('trips')
    .set({ courier_id: courierId, shift_id: shiftId })
    .where('id', '=', tripId)
    .where('status', '=', 'assigned')
    .executeTakeFirst();

/** Compare-and-set on the trip's status: false when someone else moved it first. */
export async function moveTrip(
  trx: DbExecutor,
  tripId: number,
  from: 'assigned' | 'out',
  to: { status: 'out'; departed_at: string } | { status: 'done'; finished_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('trips')
    .set(to)
    .where('id', '=', tripId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How one stop ended; false when it had ended already. */
export async function endStop(
  trx: DbExecutor,
  tripId: number,
  orderId: number,
  outcome: { outcome: 'delivered' | 'failed'; fail_reason: string | null; ended_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('trip_orders')
    .set(outcome)
    .where('trip_id', '=', tripId)
    .where('order_id', '=', orderId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stops of the trip not yet ended. */
export async function pendingStops(trx: DbExecutor, tripId: number): Promise<number> {
  const row = await trx
    .selectFrom('trip_orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('trip_id', '=', tripId)
    .where('outcome', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops a stop (its order was cancelled before the trip left). */
export async function dropStop(trx: DbExecutor, tripId: number, orderId: number) {
  await trx
    .deleteFrom('trip_orders')
    .where('trip_id', '=', tripId)
    .where('order_id', '=', orderId)
    .execute();
  await trx.updateTable('orders').set({ trip_id: null }).where('id', '=', orderId).execute();
}

/** The open stop of an order: its trip and whether it is still pending. */
export const stopOfOrder = (db: DbExecutor, orderId: number) =>
  db
    .selectFrom('trip_orders as s')
    .innerJoin('trips as t', 't.id', 's.trip_id')
    .select(['s.trip_id', 's.outcome', 't.courier_id', 't.status as trip_status', 't.branch_id'])
    .where('s.order_id', '=', orderId)
    .orderBy('s.trip_id', 'desc')
    .executeTakeFirst();

export const savePosition = (
  { db }: DispatchStore,
  tripId: number,
  fix: { lat: number; lng: number; accuracy: number; position_at: string },
) => db.updateTable('trips').set(fix).where('id', '=', tripId).execute();

export const setArrival = (
  { db }: DispatchStore,
  orderId: number,
  arrival: { arrival_from: string | null; arrival_to: string | null },
) =>
  db
    .updateTable('orders')
    .set(arrival)
    .where('id', '=', orderId)
    .where('status', '=', 'on_the_way')
    .execute();

/** Deletes the positions of trips finished before `before` (the privacy window, decision 068). */
export const forgetPositions = ({ db }: DispatchStore, before: string) =>
  db
    .updateTable('trips')
    .set({ lat: null, lng: null, accuracy: null, position_at: null })
    .where('finished_at', '<', before)
    .where('position_at', 'is not', null)
    .executeTakeFirst();

/** Finished trips of a branch recently: what the delivery leg learns its minutes from. */
export const recentStops = ({ db }: DispatchStore, branchId: number, since: string) =>
  db
    .selectFrom('trip_orders as s')
    .innerJoin('trips as t', 't.id', 's.trip_id')
    .select(['t.departed_at', 's.ended_at'])
    .where('t.branch_id', '=', branchId)
    .where('s.outcome', '=', 'delivered')
    .where('t.departed_at', '>=', since)
    .execute();

/** A trip's orders, in delivery order. */
export async function stopOrderIds(db: DbExecutor, tripId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trip_orders')
    .select('order_id')
    .where('trip_id', '=', tripId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.order_id);
}

/** The doors of couriers' trips finished since `since`: when each stop ended, and its zone's minutes. */
export const lastDoorsOf = (db: DbExecutor, courierIds: number[], since: string) =>
  db
    .selectFrom('trips as t')
    .innerJoin('trip_orders as s', 's.trip_id', 't.id')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('branch_delivery_zones as z', (join) =>
      join
        .onRef('z.branch_id', '=', 'o.branch_id')
        .onRef('z.neighbourhood', '=', 'o.neighbourhood'),
    )
    .select(['t.courier_id', 's.ended_at', 'z.delivery_minutes'])
    .where('t.courier_id', 'in', courierIds)
    .where('t.status', '=', 'done')
    .where('t.finished_at', '>=', since)
    .where('s.ended_at', 'is not', null)
    .execute();

/** The branch's delivery orders being made or ready that no trip has yet. */
export async function waitingDeliveries(db: DbExecutor, branchId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('branch_id', '=', branchId)
    .where('type_delivery', '=', 2)
    .where('trip_id', 'is', null)
    .where('status', 'in', [...COOKING_STATUSES, 'ready'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
