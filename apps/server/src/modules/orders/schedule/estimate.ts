// The estimate a customer is told before ordering, and the minutes offered at Aceptar: both from
// the branch's queue of open work (decision 037).
import { deliveryEstimate } from '@comanda/shared';
import type { Clock } from '../../../lib/clock';
import { ttlMemo } from '../../../lib/ttl-memo';
import { findBranch } from '../reference/reference-repository';
import type { BranchRow, OrderPlugs, OrdersStore } from '../types';
import { queueMinutes, queueReadyAfter, queueStartOf } from './open-work';
import { openWork } from './schedule-repository';

/** The queue's start per branch and usual time, remembered for a second (createQueueStart). */
export type QueueStart = (key: `${number}:${number}`) => Promise<number>;

/**
 * The queue is read and worked out at most once a second per branch and usual time: every
 * estimate shown or answered meanwhile shares it, so a placement costs the same with ten open
 * orders or ten thousand (the placement's exact checks never depend on it). State, made once.
 */
export function createQueueStart(store: OrdersStore, clock: Clock): QueueStart {
  return ttlMemo(
    1000,
    async (key: `${number}:${number}`) => {
      const [id, prep_minutes] = key.split(':').map(Number) as [number, number];
      return queueStartOf(await openWork(store, id), { prep_minutes }, new Date(clock.now()));
    },
    () => clock.now(),
  );
}

/**
 * The queue-based range the customer is told before ordering, in minutes from now. A delivery's
 * leg from ready to the door is the couriers' when dispatch is plugged in (decision 068): the
 * wait for a free one and the trip as they take it; else the zone's minutes.
 */
export async function asapEta(
  deps: { queueStart: QueueStart; plugs?: Pick<OrderPlugs, 'deliveryLeg'> },
  branch: BranchRow,
  zoneMinutes: number,
  units?: number,
) {
  const start = await deps.queueStart(`${branch.id}:${branch.prep_minutes}`);
  const prep = queueReadyAfter(start, branch, units);
  const leg = deps.plugs?.deliveryLeg;
  const zone =
    zoneMinutes > 0 && leg
      ? await leg(branch.id, zoneMinutes, prep + branch.rush_minutes)
      : zoneMinutes;
  return deliveryEstimate({
    prep_minutes: prep,
    rush_minutes: branch.rush_minutes,
    zone_minutes: zone,
  });
}

/** The preparation minutes offered at Aceptar for one received order, from the queue without it. */
export async function suggestedPrepMinutes(
  deps: OrdersStore & { clock: Clock },
  branchId: number,
  orderId: number,
  units: number,
) {
  const branch = await findBranch(deps, branchId);
  if (!branch) return undefined;
  const work = await openWork(deps, branchId);
  return queueMinutes(work, branch, new Date(deps.clock.now()), units, orderId);
}
