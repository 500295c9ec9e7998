import type { OrdersStore } from '../types';
import { OPEN_WORK_LIMIT, OPEN_WORK_STATUSES, type OpenWorkRow } from './open-work';

/**
 * A branch's open work for the promise (open-work.ts): its orders received, accepted or in
 * preparation, the oldest first, at most OPEN_WORK_LIMIT of them. One read per status, each
 * walking the (branch, status, id) index in order and stopping at the limit: a single
 * `status in (…) order by id` sorts every open order first, and a branch that stops
 * answering has tens of thousands (bench:orders never answers).
 */
export async function openWork({ db }: OrdersStore, branchId: number): Promise<OpenWorkRow[]> {
  const byStatus = await Promise.all(
    OPEN_WORK_STATUSES.map((status) =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'quantity', 'accepted_at', 'promised_at', 'fire_at'])
        .where('branch_id', '=', branchId)
        .where('status', '=', status)
        .orderBy('id')
        .limit(OPEN_WORK_LIMIT)
        .execute(),
    ),
  );
  return byStatus
    .flat()
    .sort((a, b) => a.id - b.id)
    .slice(0, OPEN_WORK_LIMIT);
}
