// What dispatch does when staff move an order (decision 068): offer a courier for one turning
// ready, drop a cancelled one from a trip that has not left, end the stop of one staff delivered.
import type { PlacedOrder } from '@comanda/shared';
import type { AuditActor } from '../../lib/audit-record';
import { HttpError } from '../../lib/http-error';
import { dispatchSettings } from './branches-repository';
import { branchCouriers } from './couriers';
import { couriersChanged, tripChanged } from './events';
import { createTrip, answerTrip } from './trips';
import {
  dropStop,
  endStop,
  findTrip,
  moveTrip,
  pendingStops,
  stopOfOrder,
} from './trips-repository';
import type { DispatchDeps } from './types';

/** The branch asks for the longest-waiting available courier to be offered each order as it turns ready. */
async function offerCourier(
  deps: DispatchDeps,
  order: PlacedOrder,
  branchId: number,
  actor: AuditActor,
) {
  const branch = await dispatchSettings(deps.db, branchId);
  if (branch?.auto_offer_courier !== 1) return;
  const courier = (await branchCouriers(deps, branchId)).find((c) => c.state === 'available');
  if (!courier) return;
  try {
    await createTrip(deps, actor, branchId, { courier_id: courier.id, order_ids: [order.id] });
  } catch (error) {
    // Someone assigned it, or the courier took another trip, meanwhile: nothing to offer.
    if (!(error instanceof HttpError)) throw error;
  }
}

/** A stop whose order staff cancelled (before leaving) or delivered at the counter. */
async function settleStop(deps: DispatchDeps, order: PlacedOrder) {
  const stop = await stopOfOrder(deps.db, order.id);
  if (!stop || stop.outcome !== null || stop.trip_status === 'done') return;
  const at = new Date(deps.clock.now()).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (order.status === 'cancelled' && stop.trip_status === 'assigned')
      await dropStop(trx, stop.trip_id, order.id);
    else if (order.status === 'delivered')
      await endStop(trx, stop.trip_id, order.id, {
        outcome: 'delivered',
        fail_reason: null,
        ended_at: at,
      });
    else return;
    if ((await pendingStops(trx, stop.trip_id)) === 0)
      await moveTrip(trx, stop.trip_id, stop.trip_status as 'assigned' | 'out', {
        status: 'done',
        finished_at: at,
      });
  });
  const trip = await answerTrip(deps, (await findTrip(deps.db, stop.trip_id))!);
  tripChanged(deps, trip);
  couriersChanged(deps, trip.branch.id);
}

export async function afterStaffStep(
  deps: DispatchDeps,
  order: PlacedOrder,
  branchId: number,
  actor: AuditActor | null,
) {
  if (order.type_delivery !== 2) return;
  // Only staff make an order ready (a rule only ever accepts): the offer is theirs, logged.
  if (order.status === 'ready' && order.courier === null && actor !== null)
    await offerCourier(deps, order, branchId, actor);
  if (order.status === 'cancelled' || order.status === 'delivered') await settleStop(deps, order);
}
