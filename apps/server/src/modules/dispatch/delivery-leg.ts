// The couriers' part of a delivery's estimate (decision 068): a branch whose couriers are all
// out promises later. Plugged into orders' estimate (orders/schedule/estimate.ts).
import { HANDOVER_MINUTES } from './eta';
import { openShiftsAt } from './shifts-repository';
import { tripAnswers } from './trip-answer';
import { lastDoorsOf, openTripsAt, waitingDeliveries } from './trips-repository';
import type { DispatchDeps } from './types';

const MINUTE = 60_000;
/** Orders a courier carries at most per trip: two when two are ready and waiting. */
const ORDERS_PER_TRIP = 2;
/** No zone is farther than this: a trip finished earlier has its courier back. */
const LONGEST_WAY_BACK_MS = 90 * MINUTE;

/**
 * When each courier on shift is free (ms): back from their open trip, or from the trip they just
 * finished, or now; and the delivery orders not yet on a trip.
 */
export interface Fleet {
  freeAt: number[];
  waiting: number;
}

/**
 * When couriers whose last trip ended are back at the branch: the trip's last door (its end is
 * the trip's) and the way back from it, its zone's minutes. Only trips that ended lately.
 */
async function backFromFinished(deps: DispatchDeps, courierIds: number[], now: number) {
  if (courierIds.length === 0) return new Map<number, number>();
  const since = new Date(now - LONGEST_WAY_BACK_MS).toISOString();
  const rows = await lastDoorsOf(deps.db, courierIds, since);
  const back = new Map<number, number>();
  for (const row of rows) {
    const at = new Date(row.ended_at!).getTime() + (row.delivery_minutes ?? 0) * MINUTE;
    // The last door of the courier's latest trip ends last: the latest return is the one.
    back.set(row.courier_id, Math.max(back.get(row.courier_id) ?? 0, at));
  }
  return back;
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
  const idle = shifts.map((shift) => shift.courier_id).filter((id) => !busy.has(id));
  const back = await backFromFinished(deps, idle, now);
  const waiting = await waitingDeliveries(deps.db, branchId);
  return {
    freeAt: shifts.map((shift) =>
      Math.max(now, busy.get(shift.courier_id) ?? back.get(shift.courier_id) ?? now),
    ),
    waiting,
  };
}

/**
 * Minutes from ready to the door: the wait for a courier, the zone's trip, and a handover before
 * it when it shares the trip. As the counter hands them out: each order, once ready, to the first
 * courier at the branch; two to one courier when two are ready and waiting. The orders waiting go
 * first; when each will be ready is not known, so they are taken as ready one after another until
 * this one is. Every trip is a round trip to this order's zone with a handover at each door. No
 * courier on shift: the branch does not run its own, and the zone's minutes stand alone.
 */
export function legMinutes(
  fleet: Fleet | null,
  now: number,
  zoneMinutes: number,
  readyInMinutes: number,
) {
  if (!fleet || fleet.freeAt.length === 0) return zoneMinutes;
  const readyAt = now + readyInMinutes * MINUTE;
  // When each order in line is ready: the waiting ones evenly until now + readyIn, this one last.
  const line = Array.from(
    { length: fleet.waiting + 1 },
    (_, index) => now + ((index + 1) / (fleet.waiting + 1)) * (readyAt - now),
  );
  const free = fleet.freeAt.map((at) => Math.max(at, now)).sort((a, b) => a - b);
  for (let next = 0; ;) {
    const leaves = Math.max(free.shift()!, line[next]!);
    let taken = 1;
    while (taken < ORDERS_PER_TRIP && next + taken < line.length && line[next + taken]! <= leaves)
      taken += 1;
    next += taken;
    if (next === line.length) {
      const sharing = taken > 1 ? HANDOVER_MINUTES : 0;
      return zoneMinutes + sharing + Math.round((leaves - readyAt) / MINUTE);
    }
    free.push(leaves + (2 * zoneMinutes + HANDOVER_MINUTES * taken) * MINUTE);
    free.sort((a, b) => a - b);
  }
}
