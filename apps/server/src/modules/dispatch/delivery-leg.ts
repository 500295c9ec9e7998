// The couriers' part of a delivery's estimate (decision 068): a branch whose couriers are all
// out promises later. Plugged into orders' estimate (orders/schedule/estimate.ts).
import { HANDOVER_MINUTES } from './eta';
import { openShiftsAt } from './shifts-repository';
import { tripAnswers } from './trip-answer';
import { openTripsAt } from './trips-repository';
import type { DispatchDeps } from './types';

const MINUTE = 60_000;
/** Orders a courier usually carries per trip when the branch is busy. */
const ORDERS_PER_TRIP = 2;

/** When each courier on shift is free (ms), and the delivery orders not yet on a trip. */
export interface Fleet {
  freeAt: number[];
  waiting: number;
}

export async function fleetOf(deps: DispatchDeps, branchId: number): Promise<Fleet | null> {
  const shifts = await openShiftsAt(deps, branchId);
  if (shifts.length === 0) return null;
  const now = deps.clock.now();
  const trips = await tripAnswers(
    deps.db,
    await openTripsAt(deps, branchId),
    now,
    deps.settings.speedKmh,
  );
  const busy = new Map(
    trips.map((trip) => [trip.courier.id, trip.returns_at ? Date.parse(trip.returns_at) : now]),
  );
  const waiting = await deps.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('branch_id', '=', branchId)
    .where('type_delivery', '=', 2)
    .where('trip_id', 'is', null)
    .where('status', 'in', ['accepted', 'preparing', 'ready'])
    .executeTakeFirstOrThrow();
  return {
    freeAt: shifts.map((shift) => busy.get(shift.courier_id) ?? now),
    waiting: Number(waiting.n),
  };
}

/**
 * Minutes from ready to the door: the zone's trip, plus the wait for a courier. The orders
 * already waiting go first, `ORDERS_PER_TRIP` to a courier, each courier back after a round trip.
 * No courier on shift: the branch does not run its own, and the zone's minutes stand alone.
 */
export function legMinutes(
  fleet: Fleet | null,
  now: number,
  zoneMinutes: number,
  readyInMinutes: number,
) {
  if (!fleet || fleet.freeAt.length === 0) return zoneMinutes;
  const free = [...fleet.freeAt].sort((a, b) => a - b);
  const roundTrip = (2 * zoneMinutes + HANDOVER_MINUTES * ORDERS_PER_TRIP) * MINUTE;
  for (let trips = Math.floor(fleet.waiting / ORDERS_PER_TRIP); trips > 0; trips--) {
    free[0] = free[0]! + roundTrip;
    free.sort((a, b) => a - b);
  }
  const wait = Math.max(0, free[0]! - (now + readyInMinutes * MINUTE)) / MINUTE;
  return zoneMinutes + Math.round(wait);
}
