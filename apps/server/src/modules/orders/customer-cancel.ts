import { SCHEDULE_MESSAGES, type PlacedOrder } from '@comanda/shared';
import type { OrderLoader } from './load';
import type { OrdersRepository } from './repository';
import type { OrderEvents, StopHook } from './service';

export type CancelResult = { order: PlacedOrder } | { error: 'not_found' } | { error: string };

/**
 * The customer cancels their scheduled order until it fires (product.md «Order ahead»): the
 * branch and the customer's other screens hear it at once, as any step. After the fire time,
 * or for an order as soon as possible, the kitchen may have started: the Spanish reason.
 */
export function customerCancel(deps: {
  repository: OrdersRepository;
  loader: OrderLoader;
  events: OrderEvents;
  /** Runs in the cancel's transaction (a refund owed, decision 061). */
  onStop: StopHook;
  now: () => Date;
}) {
  return async function cancel(userId: number, id: number): Promise<CancelResult> {
    const found = await deps.loader.load(id);
    if (!found || found.userId !== userId) return { error: 'not_found' };
    const cancelled = await deps.repository.cancelScheduled(
      id,
      userId,
      deps.now().toISOString(),
      (trx) => deps.onStop(trx, { orderId: id, status: 'cancelled', by: 'customer', reason: null }),
    );
    if (!cancelled)
      return {
        error:
          found.order.scheduled_for === null
            ? SCHEDULE_MESSAGES.cancelNotScheduled
            : SCHEDULE_MESSAGES.cancelFired,
      };
    const updated = (await deps.loader.load(id))!;
    deps.events.statusChanged(updated.order, updated.userId, updated.branchId);
    return { order: updated.order };
  };
}
