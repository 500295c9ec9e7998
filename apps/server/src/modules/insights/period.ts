import {
  addDays,
  chainDayRange,
  chainToday,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_MESSAGES,
  resolvePeriod,
} from '@comanda/shared';
import { invalidField } from '../../lib/http-error';

/** A stretch of the chain's days, for one branch or every branch (null). */
export interface Window {
  branchId: number | null;
  from: string;
  to: string;
  /** The days' instants [start, end): from the chain's midnight to the one after `to`. */
  start: number;
  end: number;
}

/** What a report covers: the period asked for and, with `compare=previous`, the one before. */
export interface Periods {
  current: Window;
  previous: Window | null;
  days: number;
}

const windowOf = (branchId: number | null, from: string, to: string): Window => ({
  branchId,
  from,
  to,
  start: chainDayRange(from).start.getTime(),
  end: chainDayRange(to).end.getTime(),
});

/**
 * The query's period on the chain's clock, defaults filled in (decision 069). The schema already
 * refused bad dates, a backwards range and one too long when both ends are given; a range too
 * long from a default end (`from` alone, years ago) is refused here the same way.
 */
export function periodsOf(
  query: { from?: string | undefined; to?: string | undefined; compare?: 'previous' | undefined },
  branchId: number | null,
  now: Date,
): Periods {
  const period = resolvePeriod(
    { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) },
    chainToday(now),
  );
  if (period.days > INSIGHTS_MAX_DAYS) throw invalidField('from', INSIGHTS_MESSAGES.rangeTooLong);
  return {
    current: windowOf(branchId, period.from, period.to),
    previous:
      query.compare === 'previous'
        ? windowOf(branchId, period.previous.from, period.previous.to)
        : null,
    days: period.days,
  };
}

/** Every day of a window, in order. */
export function daysOf(window: Pick<Window, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** What every report says about itself. */
export const headOf = ({ current, previous }: Periods) => ({
  period: { from: current.from, to: current.to },
  previous: previous ? { from: previous.from, to: previous.to } : null,
  branch_id: current.branchId,
});
