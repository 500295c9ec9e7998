import { CHAIN_TIME_ZONE } from './constants';
import { addDays, chainToday } from './schemas/marketing';

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** "13:30": the time of `date` on the chain's 24-hour clock. */
export function chainClock(date: Date, timeZone: string = CHAIN_TIME_ZONE): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a chain calendar day (YYYY-MM-DD) begins. */
function startOfDay(day: string, timeZone: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Twice: the offset at UTC midnight may differ from the offset at local midnight on a DST day.
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return midnightUtc - offsetAt(guess, timeZone);
}

/**
 * The instants [start, end) of a calendar day on the chain's clock: what "today's orders" means
 * for a branch, whatever the server's own time zone.
 */
export function chainDayRange(
  day: string,
  timeZone: string = CHAIN_TIME_ZONE,
): { start: Date; end: Date } {
  return {
    start: new Date(startOfDay(day, timeZone)),
    end: new Date(startOfDay(addDays(day, 1), timeZone)),
  };
}

/** "a las 13:30" when `at` falls on the chain's today (as of `now`), "mañana a las 13:30" the day after. */
export function describeChainTime(at: Date, now: Date, timeZone: string = CHAIN_TIME_ZONE): string {
  const today = chainToday(now, timeZone);
  const day = chainToday(at, timeZone);
  const clock = chainClock(at, timeZone);
  if (day === today) return `a las ${clock}`;
  if (day === addDays(today, 1)) return `mañana a las ${clock}`;
  return `el ${day} a las ${clock}`;
}
