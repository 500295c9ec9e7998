import { addDays, chainFormatter, chainToday, perMinute } from './chain-time';
import { CHAIN_TIME_ZONE } from './constants';

export interface Interval {
  weekday: number;
  opens: string;
  closes: string;
}

const MINUTES_PER_DAY = 24 * 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Weekday (0 = Sunday) and minute of the day of `date` as a clock in `timeZone` shows them. */
export function localClock(date: Date, timeZone = CHAIN_TIME_ZONE): LocalClock {
  return perMinute(`weekdayClock ${timeZone}`, date, () => {
    const parts = chainFormatter('weekdayClock', timeZone).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
    const weekday = WEEKDAYS.indexOf(part('weekday') ?? '');
    const minute = Number(part('hour')) * 60 + Number(part('minute'));
    // Shared by every reading of the minute (perMinute): nobody may change it.
    return Object.freeze({ weekday, minute });
  });
}

export interface LocalClock {
  readonly weekday: number;
  readonly minute: number;
}

export function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** A time range of one day; `closes` at or before `opens` runs past midnight into the next day. */
export interface TimeRange {
  opens: string;
  closes: string;
}

/**
 * A dated exception to the weekly hours (YYYY-MM-DD on the chain's calendar): closed all day (a
 * holiday), or open only in its own ranges that day. It replaces that date's weekday ranges; a
 * range of the day before that runs past midnight still runs into it.
 */
export interface DateException {
  date: string;
  closed: boolean;
  ranges: readonly TimeRange[];
}

/** A range as minutes from the start of its day; an overnight one ends on the next day. */
function span(range: TimeRange): { start: number; end: number } {
  const start = toMinutes(range.opens);
  let end = toMinutes(range.closes);
  if (end <= start) end += MINUTES_PER_DAY;
  return { start, end };
}

/** 0 = Sunday, for a YYYY-MM-DD date (noon UTC: the same calendar day everywhere). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The ranges a branch opens in on a date: the date's exception when it has one, else its weekday's. */
export function rangesOn(
  hours: readonly Interval[],
  exceptions: readonly DateException[],
  day: string,
): TimeRange[] {
  const exception = exceptions.find((e) => e.date === day);
  if (exception) return exception.closed ? [] : [...exception.ranges];
  const weekday = weekdayOf(day);
  return hours.filter((h) => h.weekday === weekday).map(({ opens, closes }) => ({ opens, closes }));
}

export interface OpeningSpan {
  /** Minutes from the chain's midnight of today (negative: yesterday). */
  start: number;
  end: number;
}

/**
 * Every opening from yesterday (for what runs past midnight) to `daysAhead` days ahead, as
 * minutes from today's midnight on the chain's clock, earliest first, with exceptions applied.
 * The one computation behind `isOpenAt`, `nextOpening` and the storefront's opening text.
 */
export function openingSpans(
  hours: readonly Interval[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
  exceptions: readonly DateException[] = [],
  daysAhead = 7,
): OpeningSpan[] {
  const today = chainToday(date, timeZone);
  const spans: OpeningSpan[] = [];
  for (let offset = -1; offset <= daysAhead; offset += 1) {
    for (const range of rangesOn(hours, exceptions, addDays(today, offset))) {
      const { start, end } = span(range);
      spans.push({ start: offset * MINUTES_PER_DAY + start, end: offset * MINUTES_PER_DAY + end });
    }
  }
  return spans.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Whether a branch is open at `date` by its weekly hours and its dated exceptions. Server
 * (catalogue `open_now`, placement, console) and storefront call this one function.
 */
export function isOpenAt(
  hours: readonly Interval[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
  exceptions: readonly DateException[] = [],
) {
  const { minute } = localClock(date, timeZone);
  return openingSpans(hours, date, timeZone, exceptions, 0).some(
    ({ start, end }) => minute >= start && minute < end,
  );
}

export interface NextOpening {
  weekday: number;
  opens: string;
  /** 0 = later today, 1 = tomorrow, … */
  daysAhead: number;
}

/** How far ahead a closed branch's next opening is looked for: a week, plus a long holiday. */
const NEXT_OPENING_DAYS = 14;

/** When a closed branch next opens, within the coming two weeks; null when it never does. */
export function nextOpening(
  hours: readonly Interval[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
  exceptions: readonly DateException[] = [],
): NextOpening | null {
  const { minute, weekday } = localClock(date, timeZone);
  const next = openingSpans(hours, date, timeZone, exceptions, NEXT_OPENING_DAYS).find(
    ({ start }) => start > minute,
  );
  if (!next) return null;
  const daysAhead = Math.floor(next.start / MINUTES_PER_DAY);
  const minuteOfDay = next.start - daysAhead * MINUTES_PER_DAY;
  const opens = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
  return { weekday: (weekday + daysAhead) % 7, opens, daysAhead };
}

const WEEKDAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** "Abre hoy a las 18:00", "Abre mañana a las 11:30", "Abre el lunes a las 11:30". */
export function describeNextOpening(next: NextOpening | null): string | null {
  if (!next) return null;
  if (next.daysAhead === 0) return `Abre hoy a las ${next.opens}`;
  if (next.daysAhead === 1) return `Abre mañana a las ${next.opens}`;
  return `Abre el ${WEEKDAY_NAMES[next.weekday] ?? ''} a las ${next.opens}`;
}
