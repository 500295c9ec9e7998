// The courier's position while a trip runs, and the arrival estimate it moves (decision 068).
// Kept on the trip only while it runs and for the privacy window after; never answered to anyone:
// customers read the estimate it gives, the branch the trip's times.
import { SOCKET_EVENTS, type PositionBody } from '@comanda/shared';
import type { AuditActor } from '../../lib/audit-record';
import { firstName } from '../orders/reads/order-answer';
import { arrivalRange, stopArrivals } from './eta';
import { legStops, placesFor, tripClock } from './trip-answer';
import {
  findTrip,
  forgetPositions,
  openTripOf,
  savePosition,
  setArrival,
  stopsOf,
} from './trips-repository';
import type { DispatchDeps } from './types';

const HOUR = 3_600_000;

/** `POST /api/courier/position`: kept only while the courier's trip is out; false otherwise. */
export async function recordPosition(deps: DispatchDeps, actor: AuditActor, fix: PositionBody) {
  const trip = await openTripOf(deps.db, actor.id);
  if (!trip || trip.status !== 'out') return { kept: false };
  const at = new Date(deps.clock.now()).toISOString();
  await savePosition(deps, trip.id, {
    lat: fix.lat,
    lng: fix.lng,
    accuracy: fix.accuracy,
    position_at: at,
  });
  await refreshArrivals(deps, trip.id);
  return { kept: true };
}

/**
 * Each pending stop's arrival again, from the trip's last fix (or its zones): stored on the
 * order (its answer's `arrival`) and told to its customer (`eta`). Stops already ended, and
 * orders no longer on their way, are told nothing.
 */
export async function refreshArrivals(deps: DispatchDeps, tripId: number) {
  const trip = await findTrip(deps.db, tripId);
  if (!trip || trip.status !== 'out') return;
  const rows = await stopsOf(deps.db, [tripId]);
  const places = await placesFor(deps.db, [trip], rows);
  const now = deps.clock.now();
  const arrivals = stopArrivals(
    legStops(rows, places),
    tripClock(trip, places, now, deps.settings.speedKmh),
  );
  const at = new Date(now).toISOString();
  for (const [index, row] of rows.entries()) {
    const arrives = arrivals[index];
    if (arrives === null || arrives === undefined || row.status !== 'on_the_way') continue;
    const range = arrivalRange(arrives, now);
    const arrival = { from: range.from.toISOString(), to: range.to.toISOString() };
    await setArrival(deps, row.order_id, { arrival_from: arrival.from, arrival_to: arrival.to });
    deps.realtime.toUser(row.user_id, SOCKET_EVENTS.eta, {
      order_id: row.order_id,
      courier: { name: firstName(trip.courier_name) },
      arrival,
      at,
    });
  }
}

/** Deletes the positions of trips finished longer ago than the privacy window. */
export async function forgetOldPositions(deps: DispatchDeps): Promise<number> {
  const before = new Date(
    deps.clock.now() - deps.settings.positionRetentionHours * HOUR,
  ).toISOString();
  const result = await forgetPositions(deps, before);
  return Number(result.numUpdatedRows);
}
