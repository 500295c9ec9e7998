import {
  addDays,
  chainClock,
  chainDayRange,
  chainFormatter,
  chainToday,
  describeChainTime,
} from './chain-time';
import { CHAIN_TIME_ZONE } from './constants';
import {
  openingSpans,
  describeNextOpening,
  nextOpening,
  type DateException,
  type Interval,
} from './opening-hours';
import { NOT_STARTED_STATUSES, statusIn } from './order-status';

/** Scheduled orders are taken per slot of this many minutes (product.md «Order ahead»). */
export const SLOT_MINUTES = 15;
/** A customer may schedule for today and this many days after it. */
export const SCHEDULE_DAYS_AHEAD = 6;
const MINUTE = 60_000;

/** The days a customer may schedule for (YYYY-MM-DD on the chain's calendar), today first. */
export function scheduleDays(now: Date, timeZone = CHAIN_TIME_ZONE): string[] {
  const today = chainToday(now, timeZone);
  return Array.from({ length: SCHEDULE_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i));
}

/**
 * The 15-minute slots of a chain day whose start falls within the branch's openings (weekly hours
 * with that day's exception; a range of the day before running past midnight counts, and one of
 * this day running past midnight gives its after-midnight slots to the next day). A slot must
 * end by the time the range closes. Instants, earliest first.
 */
export function daySlots(
  hours: readonly Interval[],
  exceptions: readonly DateException[],
  day: string,
  timeZone = CHAIN_TIME_ZONE,
): { start: Date; end: Date }[] {
  const { start: midnight, end: nextMidnight } = chainDayRange(day, timeZone);
  // Spans as minutes from this day's midnight (openingSpans measures from the day `at` is in).
  const noon = new Date(midnight.getTime() + 12 * 60 * MINUTE);
  const dayMinutes = Math.round((nextMidnight.getTime() - midnight.getTime()) / MINUTE);
  const starts = new Set<number>();
  for (const span of openingSpans(hours, noon, timeZone, exceptions, 0)) {
    const first = Math.ceil(span.start / SLOT_MINUTES) * SLOT_MINUTES;
    for (let m = first; m + SLOT_MINUTES <= span.end; m += SLOT_MINUTES)
      if (m >= 0 && m < dayMinutes) starts.add(m);
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((m) => ({
      start: new Date(midnight.getTime() + m * MINUTE),
      end: new Date(midnight.getTime() + (m + SLOT_MINUTES) * MINUTE),
    }));
}

/** The chain day `at` falls on, as said from `now`: "hoy", "mañana", "el viernes 28". */
export function dayWords(at: Date, now: Date, timeZone = CHAIN_TIME_ZONE): string {
  const today = chainToday(now, timeZone);
  const day = chainToday(at, timeZone);
  if (day === today) return 'hoy';
  if (day === addDays(today, 1)) return 'mañana';
  const weekday = chainFormatter('weekdayName', timeZone).format(at);
  return `el ${weekday} ${Number(day.slice(8))}`;
}

/** "hoy a las 20:00", "mañana a las 11:30", "el viernes 28 a las 13:00". */
export const describeSlotDay = (at: Date, now: Date, timeZone = CHAIN_TIME_ZONE): string =>
  `${dayWords(at, now, timeZone)} a las ${chainClock(at, timeZone)}`;

/** "Programado para hoy a las 20:00": what the customer and the branch read of a scheduled order. */
export const describeScheduled = (at: Date, now: Date, timeZone = CHAIN_TIME_ZONE): string =>
  `Programado para ${describeSlotDay(at, now, timeZone)}`;

/**
 * A scheduled order nobody has started (received, or accepted ahead by staff or by a branch that
 * accepts them by itself) before its fire time: Programados on the board, "Programado para…" and
 * `Cancelar pedido` for the customer.
 */
export const waitsToFire = (
  order: { status: string; scheduled_for: string | null; fire_at: string },
  now: Date,
): boolean =>
  statusIn(NOT_STARTED_STATUSES, order.status) &&
  order.scheduled_for !== null &&
  Date.parse(order.fire_at) > now.getTime();

/**
 * "Pausada hasta las 20:30" ("… hasta mañana a las 08:00"): a timed pause by the branch's staff,
 * said with its end so the customer knows whether to wait; null without an end to say (a pause
 * until the staff reopen, or one already over).
 */
export function describePaused(
  resumesAt: Date | null,
  now: Date,
  timeZone = CHAIN_TIME_ZONE,
): string | null {
  if (!resumesAt || resumesAt.getTime() <= now.getTime()) return null;
  return `Pausada hasta ${describeChainTime(resumesAt, now, timeZone).replace(/^a las/, 'las')}`;
}

/** "Cerrada · abre hoy a las 11:30" (or just "Cerrada" when it opens in no coming day). */
export function describeClosed(
  hours: readonly Interval[],
  exceptions: readonly DateException[],
  now: Date,
  timeZone = CHAIN_TIME_ZONE,
): string {
  const opens = describeNextOpening(nextOpening(hours, now, timeZone, exceptions));
  return opens ? `Cerrada · ${opens.charAt(0).toLowerCase()}${opens.slice(1)}` : 'Cerrada';
}
