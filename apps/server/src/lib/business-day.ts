import { addDays, chainToday, SERVER_MESSAGES } from '@comanda/shared';
import type { Clock } from './clock';
import { invalidField } from './http-error';

/**
 * How far from the chain's today a business day may be, either way (decision 074): a year, and
 * the leap day. Past it a branch has nothing to show or take, and no query is worth running.
 */
export const BUSINESS_DAY_REACH_DAYS = 366;

/**
 * A business day a route reads (a branch's Día and its export, its couriers' shifts, its slots):
 * the schema has made it a real day within DAY_MIN…DAY_MAX; this holds it to a year either side
 * of today on the app's clock, which only the server knows. Absent stays absent (the route's
 * default, today). A day out of reach is the one 400 on `field`.
 */
export function businessDay<D extends string | undefined>(day: D, clock: Clock, field = 'date'): D {
  if (day === undefined) return day;
  const today = chainToday(new Date(clock.now()));
  if (
    day < addDays(today, -BUSINESS_DAY_REACH_DAYS) ||
    day > addDays(today, BUSINESS_DAY_REACH_DAYS)
  )
    throw invalidField(field, SERVER_MESSAGES.dayOutOfReach);
  return day;
}
