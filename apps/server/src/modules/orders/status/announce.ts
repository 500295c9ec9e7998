import type { Clock } from '../../../lib/clock';
import { orderPlaced, orderStatusChanged, type OrderRooms } from '../events';
import { loadOrder } from '../reads/load';
import type { OrderReference } from '../reference/reference';
import type { OrderPlugs, OrdersStore } from '../types';
import { acceptsByItself, rulesOf } from '../auto-accept/rules';
import { autoAccept } from './status-change';

/**
 * An order the payments module moved (decision 061) told to whoever must hear it: paid (or
 * switched to a method paid on delivery), it is new to its branch and rings there, and a branch
 * that accepts its scheduled orders by itself accepts it; otherwise its customer and branch
 * hear that it changed.
 */
export async function announce(
  deps: OrdersStore &
    OrderRooms & {
      clock: Clock;
      reference: OrderReference;
      plugs: Pick<OrderPlugs, 'placedHooks' | 'stepHooks'>;
    },
  id: number,
  { newToBranch }: { newToBranch: boolean },
): Promise<void> {
  const found = await loadOrder(deps, id);
  if (!found) return;
  if (!newToBranch) return orderStatusChanged(deps, found.order, found.userId, found.branchId);
  orderPlaced(deps, found.order, found.branchId);
  orderStatusChanged(deps, found.order, found.userId, found.branchId);
  const branch = await deps.reference.branchOf(found.branchId);
  if (branch && acceptsByItself(rulesOf(branch), found.order, new Date(deps.clock.now())))
    await autoAccept(deps, id);
}
