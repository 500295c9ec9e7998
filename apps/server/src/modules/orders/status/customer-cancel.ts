import { SCHEDULE_MESSAGES, type PlacedOrder } from '@comanda/shared';
import type { Clock } from '../../../lib/clock';
import { orderMoved, type OrderRooms } from '../events';
import { loadOrder } from '../reads/load';
import type { OrderPlugs, OrdersStore } from '../types';
import { runStopHooks } from './status-change';
import { cancelScheduled } from './status-repository';

export type CancelResult = { order: PlacedOrder } | { error: 'not_found' } | { error: string };

/**
 * The customer cancels their scheduled order until it fires (product.md «Order ahead»): the
 * branch and the customer's other screens hear it at once, as any step. After the fire time,
 * or for an order as soon as possible, the kitchen may have started: the Spanish reason.
 */
export async function cancelOrder(
  deps: OrdersStore & OrderRooms & { clock: Clock; plugs: Pick<OrderPlugs, 'stopHooks'> },
  userId: number,
  id: number,
): Promise<CancelResult> {
  const found = await loadOrder(deps, id);
  if (!found || found.userId !== userId) return { error: 'not_found' };
  const at = new Date(deps.clock.now()).toISOString();
  const cancelled = await cancelScheduled(deps, id, userId, at, (trx) =>
    // Runs in the cancel's transaction (a refund owed, decision 061).
    runStopHooks(deps, trx, { orderId: id, status: 'cancelled', by: 'customer', reason: null }),
  );
  if (!cancelled)
    return {
      error:
        found.order.scheduled_for === null
          ? SCHEDULE_MESSAGES.cancelNotScheduled
          : SCHEDULE_MESSAGES.cancelFired,
    };
  const updated = (await loadOrder(deps, id))!;
  orderMoved(deps, updated, ['cancelled']);
  return { order: updated.order };
}
