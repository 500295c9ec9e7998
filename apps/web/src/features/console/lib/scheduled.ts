import { chainClock, type PlacedOrder } from '@comanda/shared';

/**
 * Scheduled orders on the board (product.md «Order ahead»): one placed for a slot waits in
 * Programados until its fire time, then moves to Nuevos and rings like any new order.
 */
export const waitsToFire = (order: PlacedOrder, now: Date): boolean =>
  order.status === 'received' &&
  order.scheduled_for !== null &&
  Date.parse(order.fire_at) > now.getTime();

/** The board's orders and the Programados lane's, soonest due first. */
export function splitScheduled(orders: readonly PlacedOrder[], now: Date) {
  const scheduled = orders
    .filter((order) => waitsToFire(order, now))
    .sort((a, b) => Date.parse(a.fire_at) - Date.parse(b.fire_at) || a.id - b.id);
  const board = orders.filter((order) => !waitsToFire(order, now));
  return { scheduled, board };
}

/** "PROGRAMADO 20:00": what the card and the ticket say of a scheduled order; null otherwise. */
export const scheduledLabel = (order: Pick<PlacedOrder, 'scheduled_for'>): string | null =>
  order.scheduled_for ? `PROGRAMADO ${chainClock(new Date(order.scheduled_for))}` : null;

/** The next fire time among the waiting ones, so the board re-renders exactly then. */
export const nextFire = (scheduled: readonly PlacedOrder[]): number | null =>
  scheduled.length > 0 ? Date.parse(scheduled[0]!.fire_at) : null;
