import { addDays, BUSINESS_DAY_REACH_DAYS, chainToday, SERVER_MESSAGES } from '@comanda/shared';
import type { Clock } from './clock';
import { invalidField } from './http-error';

/**
 * A business day a route reads (a branch's Día and its export, its couriers' shifts, its slots):
 * the schema has made it a real day within DAY_MIN…DAY_MAX; this holds it to a year either side
 * of today on the app's clock, which only the server knows (BUSINESS_DAY_REACH_DAYS, shared: Día's
 * date picker offers the same reach). Absent stays absent (the route's default, today). A day out
 * of reach is the one 400 on `field`.
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
