import { addDays, chainDayRange, chainToday } from './chain-time';
import { CHAIN_TIME_ZONE } from './constants';
import { isOpenAt, localClock, openingSpans, type Interval } from './opening-hours';

/**
 * A daypart (decision 047): the weekdays (0 = Sunday) and the time range, on the chain's clock,
 * in which a category or a product is offered. `to` at or before `from` runs past midnight into
 * the next day, as a branch's hours do; the weekday is the one the window starts on.
 */
export interface Daypart {
  days: number[];
  from: string;
  to: string;
}

const MINUTES_PER_DAY = 24 * 60;
/** How far ahead the next change is looked for: a week covers every weekly window. */
const CHANGE_LOOKAHEAD_DAYS = 8;

/** The windows as weekly hours, so the branch hours' one rule (opening-hours.ts) decides. */
function intervalsOf(dayparts: readonly Daypart[]): Interval[] {
  return dayparts.flatMap(({ days, from, to }) =>
    days.map((weekday) => ({ weekday, opens: from, closes: to })),
  );
}

/**
 * Whether something with these windows is offered at `date`: no windows means always; else
 * `date` falls in one of them, the start included and the end not (06:00–11:00 is over at 11:00).
 */
export function isOfferedAt(
  dayparts: readonly Daypart[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
): boolean {
  return dayparts.length === 0 || isOpenAt(intervalsOf(dayparts), date, timeZone);
}

/** A product inside a category with windows is offered only when every set allows it. */
export function isOfferedUnder(
  sets: readonly (readonly Daypart[])[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
): boolean {
  return sets.every((dayparts) => isOfferedAt(dayparts, date, timeZone));
}

/**
 * The first instant (ms) after `date` at which one of these windows opens or closes, or null
 * when none does within a week: what a cached answer filtered at `date` stays right until.
 */
export function nextDaypartChange(
  dayparts: readonly Daypart[],
  date: Date,
  timeZone = CHAIN_TIME_ZONE,
): number | null {
  if (dayparts.length === 0) return null;
  const { minute } = localClock(date, timeZone);
  let next = Infinity;
  for (const { start, end } of openingSpans(
    intervalsOf(dayparts),
    date,
    timeZone,
    [],
    CHANGE_LOOKAHEAD_DAYS,
  )) {
    if (start > minute && start < next) next = start;
    if (end > minute && end < next) next = end;
  }
  if (!Number.isFinite(next)) return null;
  const offset = Math.floor(next / MINUTES_PER_DAY);
  const day = addDays(chainToday(date, timeZone), offset);
  return chainDayRange(day, timeZone).start.getTime() + (next - offset * MINUTES_PER_DAY) * 60_000;
}

const DAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** "de lunes a viernes", "los sábados y domingos"… in the week's order (Monday first). */
function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  if (sorted.length === 7) return 'todos los días';
  const names = sorted.map((d) => DAY_NAMES[d] ?? '');
  const monday = sorted.map((d) => (d + 6) % 7);
  const consecutive = monday.every((d, i) => i === 0 || d === (monday[i - 1] ?? 0) + 1);
  if (consecutive && names.length >= 3) return `de ${names[0]} a ${names[names.length - 1]}`;
  if (names.length === 1) return `el ${names[0]}`;
  return `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`;
}

/**
 * "de lunes a viernes de 06:00 a 11:00": the windows in words, for refusals and the change log;
 * "siempre" for none.
 */
export function describeDayparts(dayparts: readonly Daypart[]): string {
  if (dayparts.length === 0) return 'siempre';
  return dayparts.map((d) => `${daysText(d.days)} de ${d.from} a ${d.to}`).join('; ');
}
