import {
  SCHEDULE_MESSAGES,
  SLOT_MINUTES,
  chainClock,
  daySlots,
  describeClosed,
  orderMinutes,
  scheduleDays,
  type DateException,
  type Interval,
  type Slot,
  type SlotsAnswer,
} from '@comanda/shared';
import { pauseState } from '../../../lib/branch-pause';
import type { Clock } from '../../../lib/clock';
import type { OrderReference } from '../reference/reference';
import type { BranchRow, Errors, OrdersStore, ScheduledTimes } from '../types';
import { asapEta, type QueueStart } from './estimate';
import { slotCounts } from './slot-repository';

const MINUTE = 60_000;

/** What the estimates and the slots read: the store, the time, the remembered reference and queue. */
export type ScheduleDeps = OrdersStore & {
  clock: Clock;
  reference: OrderReference;
  queueStart: QueueStart;
};

/** The least time before a slot: what the branch's usual order takes, with the rush (decision 037). */
export const leadMinutes = (branch: { prep_minutes: number; rush_minutes: number }) =>
  branch.prep_minutes + Math.max(0, branch.rush_minutes);

/** The day's slots with what each has taken; null when the branch is unknown or hidden. */
export async function slots(
  deps: ScheduleDeps,
  branchId: number,
  day: string,
): Promise<SlotsAnswer | null> {
  const { reference } = deps;
  const branch = await reference.branchOf(branchId);
  if (!branch) return null;
  const [hours, exceptions] = await Promise.all([
    reference.hoursOf(branch.id),
    reference.exceptionsOf(branch.id),
  ]);
  const at = new Date(deps.clock.now());
  const open =
    reference.openAt(hours, exceptions, at) && !pauseState(branch.paused_until, at).paused;
  const asap = {
    available: open,
    eta: open ? await asapEta(deps, branch, 0) : null,
    closed: open ? null : describeClosed(hours, exceptions, at),
  };
  if (!scheduleDays(at).includes(day)) return { results: [], asap };
  return { results: await daySlotsTaken(deps, branch, daySlots(hours, exceptions, day), at), asap };
}

/** Each of a day's slots with whether it is full, paused or too soon. */
async function daySlotsTaken(
  deps: OrdersStore,
  branch: BranchRow,
  day: { start: Date; end: Date }[],
  at: Date,
): Promise<Slot[]> {
  const counts =
    day.length === 0
      ? new Map<string, { orders: number; units: number }>()
      : await slotCounts(
          deps.db,
          branch.id,
          day[0]!.start.toISOString(),
          day.at(-1)!.end.toISOString(),
        );
  const earliest = at.getTime() + leadMinutes(branch) * MINUTE;
  return day.map(({ start, end }): Slot => {
    const taken = counts.get(start.toISOString());
    const full =
      (branch.orders_per_slot !== null && (taken?.orders ?? 0) >= branch.orders_per_slot) ||
      (branch.units_per_slot !== null && (taken?.units ?? 0) >= branch.units_per_slot);
    const paused = pauseState(branch.paused_until, start).paused;
    return {
      start: start.toISOString(),
      end: end.toISOString(),
      available: !full && !paused && start.getTime() >= earliest,
      full,
    };
  });
}

/**
 * A scheduled time checked against the slots as they are now: a slot's start, today or the
 * next six days, within the hours and exceptions, after the lead time and not paused. The
 * slot's capacity is checked exactly when the order is written (slot-repository.ts); here only
 * the time. Answers the times to store, or the Spanish reason (null) in `errors`.
 */
export function checkScheduled(
  deps: { clock: Clock },
  branch: BranchRow,
  requested: string,
  hours: readonly Interval[],
  exceptions: readonly DateException[],
  fire: { units: number; zoneMinutes: number },
  errors: Errors,
): ScheduledTimes | null {
  const at = new Date(deps.clock.now());
  const start = new Date(requested);
  const refuse = (message: string) => {
    errors.scheduled_for = [message];
    return null;
  };
  if (Number.isNaN(start.getTime()) || start.getTime() % (SLOT_MINUTES * MINUTE) !== 0)
    return refuse(SCHEDULE_MESSAGES.invalidTime);
  const day = scheduleDays(at).find((d) =>
    daySlots(hours, exceptions, d).some((s) => s.start.getTime() === start.getTime()),
  );
  if (!day) {
    const far = start.getTime() > at.getTime() + (7 * 24 * 60 + 1) * MINUTE;
    return refuse(far ? SCHEDULE_MESSAGES.tooFar : SCHEDULE_MESSAGES.outsideHours(branch.title));
  }
  const earliest = at.getTime() + (leadMinutes(branch) + fire.zoneMinutes) * MINUTE;
  if (start.getTime() < earliest) {
    const next = Math.ceil(earliest / (SLOT_MINUTES * MINUTE)) * SLOT_MINUTES * MINUTE;
    return refuse(SCHEDULE_MESSAGES.tooSoon(chainClock(new Date(next))));
  }
  if (pauseState(branch.paused_until, start).paused)
    return refuse(SCHEDULE_MESSAGES.paused(branch.title));
  const before =
    orderMinutes(branch, fire.units) + Math.max(0, branch.rush_minutes) + fire.zoneMinutes;
  const fireAt = Math.max(at.getTime(), start.getTime() - before * MINUTE);
  return { scheduled_for: start.toISOString(), fire_at: new Date(fireAt).toISOString() };
}
