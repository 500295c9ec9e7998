import { CHAIN_TIME_ZONE } from './constants';

/**
 * The chain's clock: its calendar day, its time of day and what a zone's wall clock reads, for
 * every module that needs them (scheduling, opening hours, dayparts, the marketing forms' dates).
 */

/** The formats the chain's clock is read in; each `Intl.DateTimeFormat` is made once per zone. */
const FORMATS = {
  // en-CA writes dates as YYYY-MM-DD.
  date: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  clock: ['en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  wall: [
    'en-US',
    {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
  ],
  weekdayClock: [
    'en-US',
    { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  ],
  weekdayName: ['es-CO', { weekday: 'long' }],
  dayMonth: ['es-CO', { day: 'numeric', month: 'long' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `format` on `timeZone`'s clock (the one cache of them). */
export function chainFormatter(
  format: keyof typeof FORMATS,
  timeZone: string = CHAIN_TIME_ZONE,
): Intl.DateTimeFormat {
  const key = `${format} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const [locale, options] = FORMATS[format];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

const lastReadings = new Map<string, { minute: number; value: unknown }>();

/**
 * `read()` for `at`, or the value it gave for the last instant of the same minute with the same
 * `key`. Placement reads the chain's clock for every promotion of every order, and Intl's
 * formatting was 4 % of the main thread's CPU per order (bench:orders' profile, 2026-12-03).
 * Every zone's offset in use is a whole number of minutes, so each instant of a minute reads the
 * same date, weekday and time of day. One reading per key: the server's clock moves forward.
 */
export function perMinute<T>(key: string, at: Date, read: () => T): T {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastReadings.get(key);
  if (last !== undefined && last.minute === minute) return last.value as T;
  const value = read();
  if (Number.isFinite(minute)) lastReadings.set(key, { minute, value });
  return value;
}

/** Today's date (YYYY-MM-DD) on the chain's clock: in Bogotá it may still be yesterday in UTC. */
export function chainToday(at: Date = new Date(), timeZone: string = CHAIN_TIME_ZONE): string {
  return perMinute(`date ${timeZone}`, at, () => chainFormatter('date', timeZone).format(at));
}

const toUtc = (date: string) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};

/**
 * How far from the chain's today a business day may be, either way (decision 074): a year, and
 * the leap day. Past it a branch has nothing to show or take (the server refuses it: lib/
 * business-day.ts; Día's date picker offers no earlier day).
 */
export const BUSINESS_DAY_REACH_DAYS = 366;

/** The calendar date `days` after an ISO date. */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday, as opening hours count weekdays. */
export function weekdayOfDate(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** "13:30": the time of `date` on the chain's 24-hour clock. */
export function chainClock(date: Date, timeZone: string = CHAIN_TIME_ZONE): string {
  return perMinute(`clock ${timeZone}`, date, () => chainFormatter('clock', timeZone).format(date));
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    chainFormatter('wall', timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
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
