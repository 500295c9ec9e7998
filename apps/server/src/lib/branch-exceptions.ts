import { addDays, chainToday, timeRangeSchema, type DateException } from '@comanda/shared';
import { z } from 'zod';

const storedRanges = z.array(timeRangeSchema);

/** A stored exception row (migration 009) as the shared hours function takes it. */
export function exceptionFromRow(row: {
  date: string;
  closed: number;
  ranges: string;
}): DateException {
  let ranges: DateException['ranges'];
  try {
    // Written by us through the shared schema; a row that does not parse opens nothing that day.
    const parsed = storedRanges.safeParse(JSON.parse(row.ranges));
    ranges = parsed.success ? parsed.data : [];
  } catch {
    ranges = [];
  }
  return { date: row.date, closed: row.closed === 1, ranges: row.closed === 1 ? [] : ranges };
}

/**
 * The first date whose exception can still matter at `at`: yesterday's, whose range past
 * midnight may still run. Older ones are history and are not read for the storefront.
 */
export const exceptionsFrom = (at: Date): string => addDays(chainToday(at), -1);
