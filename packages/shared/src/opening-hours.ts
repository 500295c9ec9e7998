import { CHAIN_TIME_ZONE } from './constants';

export interface Interval {
  weekday: number;
  opens: string;
  closes: string;
}

const MINUTES_PER_DAY = 24 * 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Weekday (0 = Sunday) and minute of the day of `date` as a clock in `timeZone` shows them. */
export function localClock(date: Date, timeZone = CHAIN_TIME_ZONE) {
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const weekday = WEEKDAYS.indexOf(part('weekday') ?? '');
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return { weekday, minute };
}

export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The interval as minutes from the start of its weekday; an overnight one ends on the next day. */
function span(interval: Interval): { start: number; end: number } {
  const start = toMinutes(interval.opens);
  let end = toMinutes(interval.closes);
  if (end <= start) end += MINUTES_PER_DAY;
  return { start, end };
}

export function isOpenAt(hours: readonly Interval[], date: Date, timeZone = CHAIN_TIME_ZONE) {
  const now = localClock(date, timeZone);
  return hours.some((interval) => {
    const { start, end } = span(interval);
    // Minutes since the interval's weekday began: today, or yesterday for an overnight interval.
    const daysSince = (now.weekday - interval.weekday + 7) % 7;
    const minute = daysSince * MINUTES_PER_DAY + now.minute;
    return minute >= start && minute < end;
  });
}

export interface NextOpening {
  weekday: number;
  opens: string;
  /** 0 = later today, 1 = tomorrow, … */
  daysAhead: number;
}

/** When a closed branch next opens, within the coming week; null when it never does. */
export function nextOpening(
  hours: readonly Interval[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
): NextOpening | null {
  const now = localClock(date, timeZone);
  let best: (NextOpening & { at: number }) | null = null;
  for (const interval of hours) {
    const daysUntil = (interval.weekday - now.weekday + 7) % 7;
    let at = daysUntil * MINUTES_PER_DAY + toMinutes(interval.opens);
    if (at <= now.minute) at += 7 * MINUTES_PER_DAY;
    if (!best || at < best.at) {
      const daysAhead = Math.floor(at / MINUTES_PER_DAY);
      best = { weekday: interval.weekday, opens: interval.opens, daysAhead, at };
    }
  }
  if (!best) return null;
  const { at: _at, ...next } = best;
  return next;
}

const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** "Abre hoy a las 18:00", "Abre mañana a las 11:30", "Abre el lunes a las 11:30". */
export function describeNextOpening(next: NextOpening | null): string | null {
  if (!next) return null;
  if (next.daysAhead === 0) return `Abre hoy a las ${next.opens}`;
  if (next.daysAhead === 1) return `Abre mañana a las ${next.opens}`;
  return `Abre el ${WEEKDAY_NAMES[next.weekday] ?? ''} a las ${next.opens}`;
}
