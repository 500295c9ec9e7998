// How dispatch tells the world (decision 068): a trip to its courier and its branch's staff, a
// courier's change to the staff, an order's new courier or step to its customer and branch.
import { SOCKET_EVENTS, type Trip } from '@comanda/shared';
import { orderStatusChanged } from '../orders/events';
import { loadOrder } from '../orders/reads/load';
import type { DispatchDeps } from './types';

/** A trip made, changed, left or finished; `formerCourier` hears it too after a reassignment. */
export function tripChanged(
  deps: Pick<DispatchDeps, 'realtime'>,
  trip: Trip,
  formerCourier?: number,
) {
  deps.realtime.toCourier(trip.courier.id, SOCKET_EVENTS.trip, trip);
  if (formerCourier !== undefined && formerCourier !== trip.courier.id)
    deps.realtime.toCourier(formerCourier, SOCKET_EVENTS.trip, trip);
  deps.realtime.toBranch(trip.branch.id, SOCKET_EVENTS.trip, trip);
}

/** A courier's shift or state changed: the counter reads its couriers again. */
export function couriersChanged(deps: Pick<DispatchDeps, 'realtime'>, branchId: number) {
  deps.realtime.toBranch(branchId, SOCKET_EVENTS.couriers, { branch_id: branchId });
}

/** The orders as they now are (a courier, a step), to their customers and branch. */
export async function announceOrders(deps: DispatchDeps, orderIds: readonly number[]) {
  for (const id of orderIds) {
    const loaded = await loadOrder(deps, id);
    if (loaded) orderStatusChanged(deps, loaded.order, loaded.userId, loaded.branchId);
  }
}
