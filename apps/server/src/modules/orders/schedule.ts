import {
  SCHEDULE_MESSAGES,
  SLOT_MINUTES,
  chainClock,
  daySlots,
  deliveryEstimate,
  describeClosed,
  orderMinutes,
  scheduleDays,
  type DateException,
  type Interval,
  type Slot,
  type SlotsAnswer,
} from '@comanda/shared';
import { pauseState } from '../../lib/branch-pause';
import { ttlMemo } from '../../lib/ttl-memo';
import { queueMinutes, queueReadyAfter, queueStartOf } from './open-work';
import type { OrderReference } from './reference';
import type { OrdersRepository } from './repository';

const MINUTE = 60_000;

type Branch = NonNullable<Awaited<ReturnType<OrdersRepository['findBranch']>>>;

/** A scheduled order's times as stored: the slot's start (its key) and when the kitchen starts it. */
export interface ScheduledTimes {
  scheduled_for: string;
  fire_at: string;
}

/** The least time before a slot: what the branch's usual order takes, with the rush (decision 037). */
export const leadMinutes = (branch: { prep_minutes: number; rush_minutes: number }) =>
  branch.prep_minutes + Math.max(0, branch.rush_minutes);

/** Slots, the estimate before ordering, and the check of a scheduled time (product.md «Order ahead»). */
export function orderSchedule(deps: {
  repository: OrdersRepository;
  reference: OrderReference;
  now: () => Date;
}) {
  const { repository, reference, now } = deps;
  // The queue is read and worked out at most once a second per branch and usual time: every
  // estimate shown or answered meanwhile shares it, so a placement costs the same with ten open
  // orders or ten thousand (the placement's exact checks never depend on it).
  const queueStart = ttlMemo(
    1000,
    async (key: `${number}:${number}`) => {
      const [id, prep_minutes] = key.split(':').map(Number) as [number, number];
      return queueStartOf(await repository.openWork(id), { prep_minutes }, now());
    },
    () => now().getTime(),
  );

  /** The queue-based range the customer is told before ordering, in minutes from now. */
  async function asapEta(branch: Branch, zoneMinutes: number, units?: number) {
    const start = await queueStart(`${branch.id}:${branch.prep_minutes}`);
    return deliveryEstimate({
      prep_minutes: queueReadyAfter(start, branch, units),
      rush_minutes: branch.rush_minutes,
      zone_minutes: zoneMinutes,
    });
  }

  /** The preparation minutes offered at Aceptar for one received order, from the queue without it. */
  async function suggestedPrepMinutes(branchId: number, orderId: number, units: number) {
    const branch = await repository.findBranch(branchId);
    if (!branch) return undefined;
    return queueMinutes(await repository.openWork(branchId), branch, now(), units, orderId);
  }

  /** The day's slots with what each has taken; null when the branch is unknown or hidden. */
  async function slots(branchId: number, day: string): Promise<SlotsAnswer | null> {
    const branch = await reference.branchOf(branchId);
    if (!branch) return null;
    const [hours, exceptions] = await Promise.all([
      reference.hoursOf(branch.id),
      reference.exceptionsOf(branch.id),
    ]);
    const at = now();
    const open =
      reference.openAt(hours, exceptions, at) && !pauseState(branch.paused_until, at).paused;
    const asap = {
      available: open,
      eta: open ? await asapEta(branch, 0) : null,
      closed: open ? null : describeClosed(hours, exceptions, at),
    };
    if (!scheduleDays(at).includes(day)) return { results: [], asap };
    const day_ = daySlots(hours, exceptions, day);
    const counts =
      day_.length === 0
        ? new Map<string, { orders: number; units: number }>()
        : await repository.slotCounts(
            branch.id,
            day_[0]!.start.toISOString(),
            day_.at(-1)!.end.toISOString(),
          );
    const earliest = at.getTime() + leadMinutes(branch) * MINUTE;
    const results = day_.map(({ start, end }): Slot => {
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
    return { results, asap };
  }

  /**
   * A scheduled time checked against the slots as they are now: a slot's start, today or the
   * next six days, within the hours and exceptions, after the lead time and not paused. The
   * slot's capacity is checked exactly when the order is written (slot-repository.ts); here only
   * the time. Answers the times to store, or the Spanish reason (null) in `errors`.
   */
  function checkScheduled(
    branch: Branch,
    requested: string,
    hours: readonly Interval[],
    exceptions: readonly DateException[],
    fire: { units: number; zoneMinutes: number },
    errors: Record<string, string[]>,
  ): ScheduledTimes | null {
    const at = now();
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

  return { slots, asapEta, suggestedPrepMinutes, checkScheduled };
}

export type OrderSchedule = ReturnType<typeof orderSchedule>;
