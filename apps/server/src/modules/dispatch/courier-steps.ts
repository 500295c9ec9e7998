// The courier's steps from the phone (decision 068): leave, deliver, or bring an order back.
import { DISPATCH_MESSAGES, FAIL_REASON_TEXT, type FailReason, type Trip } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { moveStatusWithin } from '../orders/status/status-repository';
import { announceOrders, couriersChanged, tripChanged } from './events';
import { learnPlace } from './places-repository';
import { answerTrip } from './trips';
import { refreshArrivals } from './position';
import {
  endStop,
  findTrip,
  moveTrip,
  pendingStops,
  stopOfOrder,
  stopsOf,
  type TripRow,
} from './trips-repository';
import type { DispatchDeps } from './types';

/** A fix this recent and this precise says where the door is. */
const DOOR_FIX = { ms: 2 * 60_000, metres: 150 };

/** The courier's own trip; 404 without it, 403 when it is another courier's. */
async function ownTrip(db: DbExecutor, courierId: number, tripId: number): Promise<TripRow> {
  const trip = await findTrip(db, tripId);
  if (!trip) throw notFound(DISPATCH_MESSAGES.tripUnknown);
  if (trip.courier_id !== courierId) throw forbidden(DISPATCH_MESSAGES.tripNotYours);
  return trip;
}

/** After a step: the trip to the courier and counter, the orders to their customers. */
async function afterStep(
  deps: DispatchDeps,
  tripId: number,
  orderIds: readonly number[],
): Promise<Trip> {
  const trip = await answerTrip(deps, (await findTrip(deps.db, tripId))!);
  tripChanged(deps, trip);
  couriersChanged(deps, trip.branch.id);
  await announceOrders(deps, orderIds);
  return trip;
}

/** `Salí`: every order of the trip goes En camino at once; 409 while one is not ready. Twice is once. */
export async function depart(deps: DispatchDeps, actor: AuditActor, tripId: number): Promise<Trip> {
  const trip = await ownTrip(deps.db, actor.id, tripId);
  if (trip.status !== 'assigned') return answerTrip(deps, trip);
  const stops = await stopsOf(deps.db, [tripId]);
  const going = stops.filter((stop) => stop.status !== 'cancelled');
  const waiting = going.find((stop) => stop.status !== 'ready');
  if (waiting) throw conflict(DISPATCH_MESSAGES.notReadyToLeave(waiting.order_id));
  if (going.length === 0) throw conflict(DISPATCH_MESSAGES.tripEmpty);
  const at = new Date(deps.clock.now()).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await moveTrip(trx, tripId, 'assigned', { status: 'out', departed_at: at })))
      throw conflict(DISPATCH_MESSAGES.tripDeparted);
    for (const stop of going) {
      const moved = await moveStatusWithin(trx, stop.order_id, 'ready', ['on_the_way'], at, {
        recorded: { delivery_failed: null },
        actorId: actor.id,
      });
      if (!moved) throw conflict(DISPATCH_MESSAGES.notReadyToLeave(stop.order_id));
    }
    await deps.audit.record(trx, actor, {
      action: 'depart',
      entity: 'trip',
      entity_id: tripId,
      branch_id: trip.branch_id,
      summary: `Salió con ${going.map((stop) => `#${stop.order_id}`).join(', ')}`,
    });
  });
  await refreshArrivals(deps, tripId);
  return afterStep(
    deps,
    tripId,
    going.map((stop) => stop.order_id),
  );
}

/** The courier's pending stop of an order on a trip that left; 403 when it is not theirs. */
async function ownStop(deps: DispatchDeps, courierId: number, orderId: number) {
  const stop = await stopOfOrder(deps.db, orderId);
  if (!stop || stop.courier_id !== courierId) throw forbidden(DISPATCH_MESSAGES.tripNotYours);
  return stop;
}

/** Ends the trip when its last stop ended: the courier is on the way back. */
async function finishIfDone(trx: DbExecutor, tripId: number, at: string) {
  if ((await pendingStops(trx, tripId)) === 0)
    await moveTrip(trx, tripId, 'out', { status: 'done', finished_at: at });
}

/** `Entregado`. Twice is once. The door's place is learned from a fresh, precise fix. */
export async function delivered(
  deps: DispatchDeps,
  actor: AuditActor,
  orderId: number,
): Promise<Trip> {
  const stop = await ownStop(deps, actor.id, orderId);
  if (stop.outcome === 'delivered')
    return answerTrip(deps, (await findTrip(deps.db, stop.trip_id))!);
  if (stop.outcome !== null || stop.trip_status !== 'out')
    throw conflict(DISPATCH_MESSAGES.notOnTheWay);
  const at = new Date(deps.clock.now()).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await moveStatusWithin(trx, orderId, 'on_the_way', ['delivered'], at, {
      recorded: { arrival_from: null, arrival_to: null },
      actorId: actor.id,
    });
    if (!moved) throw conflict(DISPATCH_MESSAGES.notOnTheWay);
    await endStop(trx, stop.trip_id, orderId, {
      outcome: 'delivered',
      fail_reason: null,
      ended_at: at,
    });
    await learnDoor(deps, trx, stop.trip_id, orderId, at);
    await deps.audit.record(trx, actor, {
      action: 'deliver',
      entity: 'order',
      entity_id: orderId,
      branch_id: stop.branch_id,
      summary: `Pedido #${orderId} entregado`,
    });
    await finishIfDone(trx, stop.trip_id, at);
  });
  await refreshArrivals(deps, stop.trip_id);
  return afterStep(deps, stop.trip_id, [orderId]);
}

/** Where the courier stood at `Entregado`, when fresh and precise: the address's and zone's place. */
async function learnDoor(
  deps: DispatchDeps,
  trx: DbExecutor,
  tripId: number,
  orderId: number,
  at: string,
) {
  const fix = await findTrip(trx, tripId);
  if (!fix || fix.lat === null || fix.lng === null || fix.position_at === null) return;
  if (deps.clock.now() - new Date(fix.position_at).getTime() > DOOR_FIX.ms) return;
  if ((fix.accuracy ?? Infinity) > DOOR_FIX.metres) return;
  const [stop] = (await stopsOf(trx, [tripId])).filter((row) => row.order_id === orderId);
  const point = { lat: Number(fix.lat), lng: Number(fix.lng) };
  if (stop?.address_id) await learnPlace(trx, 'address', stop.address_id, point, at);
  if (stop?.zone_id) await learnPlace(trx, 'zone', stop.zone_id, point, at);
}

/** `No se pudo entregar`: back to the branch's board as Listo, with why; free for another trip. */
export async function failed(
  deps: DispatchDeps,
  actor: AuditActor,
  orderId: number,
  reason: FailReason,
): Promise<Trip> {
  const stop = await ownStop(deps, actor.id, orderId);
  if (stop.outcome === 'failed') return answerTrip(deps, (await findTrip(deps.db, stop.trip_id))!);
  if (stop.outcome !== null || stop.trip_status !== 'out')
    throw conflict(DISPATCH_MESSAGES.notOnTheWay);
  const at = new Date(deps.clock.now()).toISOString();
  const text = FAIL_REASON_TEXT[reason];
  await deps.db.transaction().execute(async (trx) => {
    const moved = await moveStatusWithin(trx, orderId, 'on_the_way', ['ready'], at, {
      recorded: { delivery_failed: text, trip_id: null, arrival_from: null, arrival_to: null },
      actorId: actor.id,
    });
    if (!moved) throw conflict(DISPATCH_MESSAGES.notOnTheWay);
    await endStop(trx, stop.trip_id, orderId, {
      outcome: 'failed',
      fail_reason: reason,
      ended_at: at,
    });
    await deps.audit.record(trx, actor, {
      action: 'fail',
      entity: 'order',
      entity_id: orderId,
      branch_id: stop.branch_id,
      summary: `Pedido #${orderId}: ${text}`,
    });
    await finishIfDone(trx, stop.trip_id, at);
  });
  await refreshArrivals(deps, stop.trip_id);
  return afterStep(deps, stop.trip_id, [orderId]);
}
