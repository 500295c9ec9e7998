// Dispatch at the counter (decision 068): orders to a courier as one trip, changed until it leaves.
import {
  DISPATCH_MESSAGES,
  type CreateTripBody,
  type OrderStatus,
  type Trip,
  type UpdateTripBody,
} from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../../lib/audit-record';
import { conflict, invalidField, notFound } from '../../lib/http-error';
import { dispatchSettings } from './branches-repository';
import { announceOrders, couriersChanged, tripChanged } from './events';
import { isCourierOf, openShiftOf } from './shifts-repository';
import { tripAnswers } from './trip-answer';
import {
  dispatchable,
  findTrip,
  insertTrip,
  openTripOf,
  setStops,
  setTripCourier,
  stopOrderIds,
  type TripRow,
} from './trips-repository';
import type { DispatchDeps } from './types';

/** The statuses an order may be handed to a courier in, by the branch's choice. */
async function dispatchStatuses(db: DbExecutor, branchId: number): Promise<OrderStatus[]> {
  const branch = await dispatchSettings(db, branchId);
  return branch?.dispatch_from_preparing === 1 ? ['preparing', 'ready'] : ['ready'];
}

/** The branch a trip's orders belong to (the first's; the rest are checked against it): for the guard. */
export async function branchOfOrders(deps: DispatchDeps, orderIds: readonly number[]) {
  const first = orderIds[0];
  if (first === undefined) return null;
  const [row] = await dispatchable(deps.db, [first]);
  return row?.branch_id ?? null;
}

/** Every order exists, is the branch's, is a delivery, may be dispatched and is in no other trip. */
async function checkOrders(
  db: DbExecutor,
  branchId: number,
  ids: readonly number[],
  tripId?: number,
) {
  const statuses = await dispatchStatuses(db, branchId);
  const rows = new Map((await dispatchable(db, [...ids])).map((row) => [row.id, row]));
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) throw invalidField('order_ids', DISPATCH_MESSAGES.orderUnknown);
    if (row.branch_id !== branchId)
      throw invalidField('order_ids', DISPATCH_MESSAGES.orderOtherBranch);
    if (row.type_delivery !== 2)
      throw invalidField('order_ids', DISPATCH_MESSAGES.orderNotDelivery(id));
    if (row.trip_id !== null && row.trip_id !== tripId)
      throw conflict(DISPATCH_MESSAGES.orderInTrip(id));
    if (!statuses.includes(row.status)) throw conflict(DISPATCH_MESSAGES.orderNotDispatchable(id));
  }
  return statuses;
}

/** The courier may take a trip at the branch: theirs, on shift there, and free of another trip. */
async function checkCourier(db: DbExecutor, courierId: number, branchId: number, tripId?: number) {
  if (!(await isCourierOf(db, courierId, branchId)))
    throw invalidField('courier_id', DISPATCH_MESSAGES.courierUnknown);
  const shift = await openShiftOf(db, courierId);
  if (!shift || shift.branch_id !== branchId) throw conflict(DISPATCH_MESSAGES.courierOffShift);
  const open = await openTripOf(db, courierId);
  if (open && open.id !== tripId) throw conflict(DISPATCH_MESSAGES.courierBusy);
  return shift;
}

const names = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');

export async function answerTrip(deps: DispatchDeps, row: TripRow): Promise<Trip> {
  const [trip] = await tripAnswers(deps.db, [row], deps.clock.now(), deps.settings.speedKmh);
  return trip!;
}

/** After a trip changed: its answer to the courier and the counter, its orders to their customers. */
async function published(
  deps: DispatchDeps,
  tripId: number,
  orderIds: readonly number[],
  formerCourier?: number,
) {
  const trip = await answerTrip(deps, (await findTrip(deps.db, tripId))!);
  tripChanged(deps, trip, formerCourier);
  couriersChanged(deps, trip.branch.id);
  await announceOrders(deps, orderIds);
  return trip;
}

/** `POST /api/staff/trips`: the orders, in delivery order, to one courier on shift. */
export async function createTrip(
  deps: DispatchDeps,
  actor: AuditActor,
  branchId: number,
  body: CreateTripBody,
) {
  const { courier_id, order_ids } = body;
  const id = await deps.db.transaction().execute(async (trx) => {
    const statuses = await checkOrders(trx, branchId, order_ids);
    const shift = await checkCourier(trx, courier_id, branchId);
    const at = new Date(deps.clock.now()).toISOString();
    const tripId = await insertTrip(trx, {
      branch_id: branchId,
      courier_id,
      shift_id: shift.id,
      created_at: at,
    });
    if (!(await setStops(trx, tripId, order_ids, statuses)))
      throw conflict(DISPATCH_MESSAGES.orderInTrip(order_ids[0]!));
    await deps.audit.record(trx, actor, {
      action: 'assign',
      entity: 'trip',
      entity_id: tripId,
      branch_id: branchId,
      summary: `Pedidos ${names(order_ids)} a ${shift.courier_name}`,
    });
    return tripId;
  });
  return published(deps, id, order_ids);
}

/** A trip that has not left, for a change; 409 once it left. */
async function unsentTrip(db: DbExecutor, tripId: number) {
  const trip = await findTrip(db, tripId);
  if (!trip) throw notFound(DISPATCH_MESSAGES.tripUnknown);
  if (trip.status !== 'assigned') throw conflict(DISPATCH_MESSAGES.tripDeparted);
  return trip;
}

/** `PUT /api/staff/trips/{id}`: another courier, the orders again in a new order, or both. */
export async function updateTrip(
  deps: DispatchDeps,
  actor: AuditActor,
  tripId: number,
  body: UpdateTripBody,
) {
  const { former, orderIds } = await deps.db.transaction().execute(async (trx) => {
    const trip = await unsentTrip(trx, tripId);
    const before = await stopOrderIds(trx, tripId);
    const ids = body.order_ids ?? before;
    const statuses = await checkOrders(trx, trip.branch_id, ids, tripId);
    if (body.courier_id !== undefined && body.courier_id !== trip.courier_id) {
      const shift = await checkCourier(trx, body.courier_id, trip.branch_id, tripId);
      await setTripCourier(trx, tripId, body.courier_id, shift.id);
    }
    if (!(await setStops(trx, tripId, ids, statuses)))
      throw conflict(DISPATCH_MESSAGES.orderInTrip(ids[0]!));
    const now = (await findTrip(trx, tripId))!;
    await deps.audit.record(trx, actor, {
      action: 'reassign',
      entity: 'trip',
      entity_id: tripId,
      branch_id: trip.branch_id,
      summary: `Pedidos ${names(ids)} a ${now.courier_name}`,
    });
    return { former: trip.courier_id, orderIds: [...new Set([...before, ...ids])] };
  });
  return published(deps, tripId, orderIds, former);
}
