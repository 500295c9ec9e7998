import { sql, type Insertable } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { DbExecutor, RefundTable } from '../../db/types';

// Refunds: owed, claimed by one sender at a time, then confirmed, waiting, declined or retried.
// Plain functions of the executor (decision 065).

/** What refunds of an attempt already take (all but the refused ones). */
export async function refundedOrOwed(executor: DbExecutor, paymentId: number): Promise<number> {
  const row = await executor
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql`0`).as('amount'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'declined')
    .executeTakeFirst();
  return Number(row?.amount ?? 0);
}

export const insertRefund = (executor: DbExecutor, row: Insertable<RefundTable>) =>
  executor.insertInto('refunds').values(row).returning('id').executeTakeFirstOrThrow();

/**
 * Claims up to `limit` refunds due to be sent (or checked): each gets this claim's token, one
 * more attempt and a lease, as the outbox does (decision 038). `sent_at` is set by the claim,
 * before any call: a later claim knows the provider may have heard this one.
 */
export function claimDueRefunds(
  executor: DbExecutor,
  dialect: DialectName,
  claim: { token: string; now: string; leaseUntil: string; limit: number },
) {
  const { token, now, leaseUntil, limit } = claim;
  const due = executor
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit);
  return executor
    .updateTable('refunds')
    .set({
      claim_token: token,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: leaseUntil,
      sent_at: sql<string>`coalesce(sent_at, ${now})`,
    })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'payment_id', 'order_id', 'amount', 'attempts', 'provider_refund_id'])
    .execute();
}

/**
 * What a refund gives back from: its attempt's transaction, what the provider charged, and what
 * other refunds of it the provider already confirmed.
 */
export async function refundTarget(executor: DbExecutor, paymentId: number, refundId: number) {
  const payment = await executor
    .selectFrom('payments')
    .select(['transaction_id', 'amount', 'provider_amount'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const confirmed = await executor
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql`0`).as('amount'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'approved')
    .where('id', '!=', refundId)
    .executeTakeFirst();
  return {
    transactionId: payment.transaction_id,
    charged: payment.provider_amount ?? payment.amount,
    confirmedBefore: Number(confirmed?.amount ?? 0),
  };
}

/**
 * The provider confirmed it: the refund is done, and the order's refunded amount and payment
 * status say so. Only under this claim; null when the claim was lost (the lease ran out).
 */
export async function refundConfirmed(
  executor: DbExecutor,
  id: number,
  token: string,
  providerId: string | null,
  at: string,
) {
  const result = await executor
    .updateTable('refunds')
    .set({
      status: 'approved',
      provider_refund_id: providerId,
      confirmed_at: at,
      claim_token: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const refund = await executor
    .selectFrom('refunds')
    .select(['order_id', 'payment_id', 'amount', 'reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await executor
    .updateTable('orders')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', refund.amount),
      updated_at: at,
    }))
    .where('id', '=', refund.order_id)
    .execute();
  // The order's own payment (or the expired order's late one) now reads as refunded.
  await executor
    .updateTable('orders')
    .set({
      // Whole once the tip came back too: it was paid with the order (decision 085).
      payment_status: sql`case when refunded_amount >= total + tip then 'refunded' else 'partially_refunded' end`,
    })
    .where('id', '=', refund.order_id)
    .where((eb) =>
      eb.or([eb('paid_payment_id', '=', refund.payment_id), eb('payment_status', '=', 'expired')]),
    )
    .execute();
  return refund;
}

/** Sent and not confirmed yet (`pending` at the provider): looked at again later. */
export const refundWaits = (
  executor: DbExecutor,
  id: number,
  token: string,
  providerId: string | null,
  retryAt: string,
) =>
  executor
    .updateTable('refunds')
    .set({ provider_refund_id: providerId, claim_token: null, next_attempt_at: retryAt })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();

/** Refused for good by the provider: kept with the reason, for a person to follow up. */
export const refundDeclined = (executor: DbExecutor, id: number, token: string, reason: string) =>
  executor
    .updateTable('refunds')
    .set({ status: 'declined', claim_token: null, last_error: reason.slice(0, 500) })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();

/** The provider could not be asked: try again at `retryAt`. */
export const refundRetry = (
  executor: DbExecutor,
  id: number,
  token: string,
  error: string,
  retryAt: string,
) =>
  executor
    .updateTable('refunds')
    .set({ claim_token: null, last_error: error.slice(0, 500), next_attempt_at: retryAt })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', 'pending')
    .execute();
