import type { DbExecutor, PaymentAttemptStatus } from '../../db/types';

// The back office's list of attempts and their refunds (Pagos), plain functions of the executor
// (decision 065).

/** Attempts with their branch and their order's payment state, newest first. */
export function listPayments(
  executor: DbExecutor,
  filter: { from: string; to: string; branchId?: number; status?: PaymentAttemptStatus },
  limit: number,
) {
  let query = executor
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('branches as b', 'b.id', 'o.branch_id')
    .selectAll('p')
    .select(['o.branch_id', 'b.title as branch_title', 'o.payment_status as order_payment'])
    .where('p.created_at', '>=', filter.from)
    .where('p.created_at', '<', filter.to);
  if (filter.branchId !== undefined) query = query.where('o.branch_id', '=', filter.branchId);
  if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

/** The refunds of these attempts, oldest first. */
export const refundsOfPayments = (executor: DbExecutor, paymentIds: number[]) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : executor
        .selectFrom('refunds')
        .selectAll()
        .where('payment_id', 'in', paymentIds)
        .orderBy('id')
        .execute();
