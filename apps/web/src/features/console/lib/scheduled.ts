import { chainClock, chainToday, dayWords, waitsToFire, type PlacedOrder } from '@comanda/shared';

/**
 * The board's orders and the Programados lane's, soonest due first. Scheduled orders on the board
 * (product.md «Order ahead»): one placed for a slot waits in Programados until its fire time, then
 * moves to Nuevos and rings like any new order (or, already accepted, to En preparación without
 * ringing).
 */
export function splitScheduled(orders: readonly PlacedOrder[], now: Date) {
  const scheduled = orders
    .filter((order) => waitsToFire(order, now))
    .sort((a, b) => Date.parse(a.fire_at) - Date.parse(b.fire_at) || a.id - b.id);
  const board = orders.filter((order) => !waitsToFire(order, now));
  return { scheduled, board };
}

/**
 * "PROGRAMADO 20:00" (today), "PROGRAMADO MAÑANA 20:00", "PROGRAMADO EL VIERNES 5 20:00": what
 * the card, the lane and the ticket say of a scheduled order; null otherwise.
 */
export function scheduledLabel(
  order: Pick<PlacedOrder, 'scheduled_for'>,
  now: Date = new Date(),
): string | null {
  if (!order.scheduled_for) return null;
  const due = new Date(order.scheduled_for);
  const day = dayWords(due, now);
  return `PROGRAMADO ${day === 'hoy' ? '' : `${day.toUpperCase()} `}${chainClock(due)}`;
}

/** How far ahead Programados names the orders about to reach the kitchen. */
export const FIRING_SOON_MS = 30 * 60_000;

/** The scheduled orders (soonest first) that reach the kitchen within FIRING_SOON_MS of `now`. */
export const firingSoon = (scheduled: readonly PlacedOrder[], now: Date): PlacedOrder[] =>
  scheduled.filter((order) => Date.parse(order.fire_at) - now.getTime() <= FIRING_SOON_MS);

/** The next fire time among the waiting ones, so the board re-renders exactly then. */
export const nextFire = (scheduled: readonly PlacedOrder[]): number | null =>
  scheduled.length > 0 ? Date.parse(scheduled[0]!.fire_at) : null;

/**
 * Día's "Programados para otros días": the open orders due after today on the chain's calendar,
 * grouped by day, each day's soonest first, the days in order.
 */
export function laterDays(
  orders: readonly PlacedOrder[],
  now: Date,
): { day: string; orders: PlacedOrder[] }[] {
  const today = chainToday(now);
  const days = new Map<string, PlacedOrder[]>();
  const due = orders
    .filter((order) => order.scheduled_for !== null)
    .sort((a, b) => Date.parse(a.scheduled_for!) - Date.parse(b.scheduled_for!) || a.id - b.id);
  for (const order of due) {
    const day = chainToday(new Date(order.scheduled_for!));
    if (day <= today) continue;
    days.set(day, [...(days.get(day) ?? []), order]);
  }
  return [...days].map(([day, list]) => ({ day, orders: list }));
}
