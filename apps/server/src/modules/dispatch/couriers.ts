// A branch's couriers as the counter sees them (decision 068).
import type { Courier, CourierState, Trip } from '@comanda/shared';
import { isoInstant } from '../../lib/iso-instant';
import { couriersAt, lastReturns, openShiftsAt } from './shifts-repository';
import { tripAnswers } from './trip-answer';
import { openTripsAt } from './trips-repository';
import type { DispatchDeps } from './types';

const STATE_ORDER: Record<CourierState, number> = {
  available: 0,
  assigned: 1,
  out: 2,
  off_shift: 3,
};

const latest = (...values: (string | Date | null | undefined)[]) =>
  values
    .filter((value): value is string | Date => value !== null && value !== undefined)
    .map(isoInstant)
    .sort()
    .at(-1) ?? null;

/**
 * The branch's couriers: on shift or not, their state and open trip. Available ones first, the
 * longest waiting (since their shift began or their last trip ended) first of all.
 */
export async function branchCouriers(deps: DispatchDeps, branchId: number): Promise<Courier[]> {
  const [people, shifts, tripRows] = await Promise.all([
    couriersAt(deps, branchId),
    openShiftsAt(deps, branchId),
    openTripsAt(deps, branchId),
  ]);
  const [trips, returns] = await Promise.all([
    tripAnswers(deps.db, tripRows, deps.clock.now(), deps.settings.speedKmh),
    lastReturns(
      deps,
      people.map((person) => person.id),
    ),
  ]);
  const shiftOf = new Map(shifts.map((shift) => [shift.courier_id, shift]));
  const tripOf = new Map<number, Trip>(trips.map((trip) => [trip.courier.id, trip]));
  const returnOf = new Map(returns.map((row) => [row.courier_id, row.finished_at]));
  return people
    .map((person): Courier => {
      const shift = shiftOf.get(person.id);
      const trip = tripOf.get(person.id) ?? null;
      const state: CourierState = !shift
        ? 'off_shift'
        : trip
          ? trip.status === 'out'
            ? 'out'
            : 'assigned'
          : 'available';
      return {
        ...person,
        on_shift: shift !== undefined,
        state,
        waiting_since:
          state === 'available'
            ? latest(shift?.started_at, returnOf.get(person.id) as string | null)
            : null,
        trip,
        shift_id: shift?.id ?? null,
      };
    })
    .sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        (a.waiting_since ?? '').localeCompare(b.waiting_since ?? '') ||
        a.name.localeCompare(b.name),
    );
}
