// Informes' "Ahora": every branch at this moment. One statement per figure over every branch
// (never one per branch): each reads a branch's rows through the index that leads with
// `branch_id`, so 300 branches cost 300 index ranges in one round trip, not 300 round trips.
import { COOKING_STATUSES, SALE_STATUSES } from '@comanda/shared';
import type { DialectName } from '../../db/dialect';
import { idIn } from '../../db/id-list';
import type { DbExecutor, OrderStatus, TripStatusColumn } from '../../db/types';
import { reachedBranch } from '../console/summary-repository';

/** What the repository functions take. */
export interface LiveStore {
  db: DbExecutor;
  dialect: DialectName;
}

/** `column in ids`, as each dialect reads a list best (decision 054). */
const ONE_OF = { sqlite: idIn('sqlite'), postgres: idIn('postgres') };

/**
 * Per branch, the orders waiting for an answer now and when the oldest began to wait: as the
 * board counts them, a scheduled order from its fire time (before it, it waits in Programados
 * and rings nobody), any other from when it reached the branch.
 */
export const waitingAt = ({ db, dialect }: LiveStore, branchIds: number[], now: string) =>
  db
    .selectFrom('orders')
    .select('branch_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.min(eb.fn.coalesce('fire_at', reachedBranch('orders'))).as('since'),
    ])
    .where((eb) => ONE_OF[dialect](eb, eb.ref('branch_id'), branchIds))
    .where('status', '=', 'received' satisfies OrderStatus)
    .where((eb) => eb.or([eb('fire_at', 'is', null), eb('fire_at', '<=', now)]))
    .groupBy('branch_id')
    .execute();

/** Per branch, the orders accepted and not ready whose promised time has passed. */
export const lateAt = ({ db, dialect }: LiveStore, branchIds: number[], now: string) =>
  db
    .selectFrom('orders')
    .select('branch_id')
    .select((eb) => eb.fn.countAll<number | string>().as('orders'))
    .where((eb) => ONE_OF[dialect](eb, eb.ref('branch_id'), branchIds))
    .where('status', 'in', COOKING_STATUSES)
    .where('promised_at', '<', now)
    .groupBy('branch_id')
    .execute();

/** Per branch, the couriers on the road now: those whose trip has left (decision 068). */
export const couriersOutAt = ({ db, dialect }: LiveStore, branchIds: number[]) =>
  db
    .selectFrom('trips')
    .select('branch_id')
    .select((eb) => eb.fn.count<number | string>('courier_id').distinct().as('couriers'))
    .where((eb) => ONE_OF[dialect](eb, eb.ref('branch_id'), branchIds))
    .where('status', '=', 'out' satisfies TripStatusColumn)
    .groupBy('branch_id')
    .execute();

/**
 * Per branch, the sales placed between two instants as Día counts them (console/summary.ts):
 * orders in SALE_STATUSES, each net of what refunds gave back. The statuses are sorted out in the
 * sums, not in the WHERE: a WHERE on them would have the planner walk (branch, status) through
 * every sale the branch ever made, where (branch, created_at) reads just the day.
 */
export const salesBetween = (
  { db, dialect }: LiveStore,
  branchIds: number[],
  from: string,
  to: string,
) =>
  db
    .selectFrom('orders')
    .select('branch_id')
    .select((eb) => {
      const sale = eb('status', 'in', SALE_STATUSES);
      return [
        eb.fn.sum<number | string>(eb.case().when(sale).then(1).else(0).end()).as('orders'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(sale)
              // Refunds past the sale gave back the courier's tip, never a sale (decision 085).
              .then(
                eb
                  .case()
                  .when('refunded_amount', '>', eb.ref('total'))
                  .then(0)
                  .else(eb('total', '-', eb.ref('refunded_amount')))
                  .end(),
              )
              .else(0)
              .end(),
          )
          .as('sales'),
      ];
    })
    .where((eb) => ONE_OF[dialect](eb, eb.ref('branch_id'), branchIds))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('branch_id')
    .execute();
