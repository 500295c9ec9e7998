import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor, PaymentAttemptStatus, PaymentTable } from '../../db/types';

// The SQL of online payment (decision 061), plain functions of the executor (decision 065): a
// service composes several into one transaction by handing each the transaction.
// Attempts: one per time the customer goes to pay; the sweep claims the ones to ask about.

/** One attempt at the provider's checkout, as stored. */
export type Attempt = Selectable<PaymentTable>;

/** The attempt statuses a provider's answer may still change: nothing final happened yet. */
const OPEN: readonly PaymentAttemptStatus[] = ['pending', 'abandoned'];

export const insertAttempt = (
  executor: DbExecutor,
  row: {
    order_id: number;
    provider: string;
    reference: string;
    amount: number;
    currency: string;
    checkout_expires_at: string;
    next_check_at: string;
    created_at: string;
  },
) =>
  executor
    .insertInto('payments')
    .values({ ...row, updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const attemptByReference = (executor: DbExecutor, reference: string) =>
  executor.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();

/** The order's attempts, newest first. */
export const attemptsOf = (executor: DbExecutor, orderId: number) =>
  executor
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();

/**
 * A final status for an attempt still open (pending, or given up on), with what the provider
 * said; false when another answer settled it first.
 */
export async function settleAttempt(
  executor: DbExecutor,
  id: number,
  change: {
    status: PaymentAttemptStatus;
    transaction_id: string;
    method: string | null;
    provider_amount?: number | null;
    at: string;
  },
): Promise<boolean> {
  const result = await executor
    .updateTable('payments')
    .set({
      status: change.status,
      transaction_id: change.transaction_id,
      method: change.method,
      provider_amount: change.provider_amount ?? null,
      updated_at: change.at,
      ...(change.status === 'approved' ? { approved_at: change.at } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A still-pending attempt's transaction, once the provider names it. */
export const noteTransaction = (
  executor: DbExecutor,
  id: number,
  transactionId: string,
  method: string | null,
  at: string,
) =>
  executor
    .updateTable('payments')
    .set({ transaction_id: transactionId, method, updated_at: at })
    .where('id', '=', id)
    .where('transaction_id', 'is', null)
    .execute();

/**
 * Claims up to `limit` pending attempts due for a question to the provider: each is moved a
 * lease ahead (`leaseUntil`) with one more check counted, so another node's sweep does not ask
 * the same at once; the caller then sets its real next check. The outer WHERE repeats "due"
 * (PostgreSQL re-reads a row a concurrent claim changed); SKIP LOCKED spares the wait.
 */
export function claimDueChecks(
  executor: DbExecutor,
  dialect: DialectName,
  now: string,
  leaseUntil: string,
  limit: number,
) {
  const due = executor
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit);
  return executor
    .updateTable('payments')
    .set({ next_check_at: leaseUntil, checks: sql<number>`checks + 1` })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .where('next_check_at', '<=', now)
    .returningAll()
    .execute();
}

/** When to ask about a still-pending attempt next. */
export const rescheduleCheck = (executor: DbExecutor, id: number, at: string) =>
  executor
    .updateTable('payments')
    .set({ next_check_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

/** Nobody paid and the checkout no longer takes money: stop asking (a late event still applies). */
export const abandonAttempt = (executor: DbExecutor, id: number, at: string) =>
  executor
    .updateTable('payments')
    .set({ status: 'abandoned', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

/** Attempts of an order the provider may still settle. */
export const openAttemptsOf = (executor: DbExecutor, orderId: number) =>
  executor
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN)
    .execute();
