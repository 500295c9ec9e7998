import { chainDayRange } from '@comanda/shared';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor } from '../../db/types';
import { chainHourOf } from './chain-hours';
import { rewriteChainHours, rewriteDay, type DayRange } from './derived-repository';
import type { BucketRange } from './types';

const HOUR = 3_600_000;

/** The chain day an instant falls in. */
export function dayOf(instant: number): DayRange {
  const { start, end } = chainDayRange(chainHourOf(instant).day);
  return { start: start.getTime(), end: end.getTime() };
}

/** The ranges' hours as one list of spans, whatever the branch: the chain's hours to redo. */
function spansOf(ranges: readonly BucketRange[]) {
  const spans: { start: number; end: number }[] = [];
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = spans.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

/** Each chain day these ranges touch, with the branches touched on it. */
function daysOf(ranges: readonly BucketRange[]) {
  const days = new Map<number, { day: DayRange; branches: Set<number> }>();
  for (const range of ranges) {
    for (let hour = range.start; hour < range.end; hour += HOUR) {
      const day = dayOf(hour);
      const entry = days.get(day.start) ?? { day, branches: new Set<number>() };
      entry.branches.add(range.branch_id);
      days.set(day.start, entry);
    }
  }
  return [...days.values()];
}

/**
 * Brings the days and the chain's hours up to what these (branch, hour) ranges hold now: called
 * in the transaction that rewrote those hours, so a report never reads the two levels apart.
 */
export async function rewriteDerived(
  trx: DbExecutor,
  dialect: DialectName,
  ranges: readonly BucketRange[],
) {
  for (const { day, branches } of daysOf(ranges))
    await rewriteDay(trx, dialect, day, [...branches]);
  for (const span of spansOf(ranges)) await rewriteChainHours(trx, span.start, span.end);
}
