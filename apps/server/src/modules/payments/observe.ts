import type { DbExecutor, PaymentAttemptStatus } from '../../db/types';
import {
  attemptByReference,
  noteTransaction,
  openAttemptsOf,
  settleAttempt,
  type Attempt,
} from './attempts-repository';
import { iso, type PaymentsDeps } from './deps';
import { eventSeen, recordEvent } from './events-repository';
import { orderForPayment, orderPaid, orderPaymentStatus } from './order-money-repository';
import type { ProviderTransaction } from './provider';
import { nudgeRefunds } from './refund-sender';
import { insertRefund } from './refunds-repository';

/** Where a provider's word about a transaction came from. */
export type Source = 'webhook' | 'return' | 'reconcile';

/** What a provider said, and where: an event it posted, or an answer Comanda asked for. */
export interface Observation {
  source: Source;
  /** The event's own identity (its signature); null for an answer. */
  key: string | null;
  transaction: ProviderTransaction;
  /** The event as posted, for the audit; null for an answer. */
  body: string | null;
}

/** What applying one observation did; kept with the event (payment_events.outcome). */
export type Outcome =
  /** The attempt (and maybe its order) moved. */
  | 'applied'
  /** Nothing new: still pending, or already settled by an earlier word. */
  | 'no_change'
  /** The very same event again (a provider's retry, or a replay): nothing new. */
  | 'duplicate'
  /** No attempt has this reference. */
  | 'unknown_reference'
  /** A transaction for the attempt's reference that is not the attempt's own. */
  | 'other_transaction'
  /** The amount or the currency is not the attempt's: the order is not paid by it (refunded if taken). */
  | 'mismatch'
  /** Approved after the order stopped waiting for its money (expired): refunded. */
  | 'refunded_late'
  /** Approved when the order was already paid, or switched to pay on delivery: refunded. */
  | 'refunded_twice';

/** What must be told after the commit. */
type Effect = 'paid' | 'declined' | 'refund' | null;

/** Why money came back by itself, as the customer reads it. */
export const AUTOMATIC_REFUND_REASONS = {
  late: 'Tu pago llegó cuando el pedido ya se había cancelado porque no recibimos el pago a tiempo.',
  twice: 'Pago repetido: el pedido ya estaba pagado o quedó para pagar al recibir.',
  mismatch: 'El valor cobrado no coincidía con el del pedido.',
} as const;

const isOpen = (status: PaymentAttemptStatus) => status === 'pending' || status === 'abandoned';
const FINAL: Record<Exclude<ProviderTransaction['status'], 'pending'>, PaymentAttemptStatus> = {
  approved: 'approved',
  declined: 'declined',
  voided: 'voided',
  error: 'error',
};
/** The event as kept for audit: no more than 8 KB of it. */
const BODY_MAX = 8192;

/**
 * The one place a provider's word changes Comanda (decision 061). Every source — the webhook, the
 * customer's return, reconciliation — comes here; whatever the order, however many times, a
 * transaction moves its attempt once, from open to final, by a compare-and-set in one
 * transaction with the order's own move and the event's record:
 * - approved, with the attempt's amount and currency: the order awaiting its money goes to its
 *   branch (`received`); an order that no longer waits (expired, already paid, switched to pay
 *   on delivery) gets the money back, owed in the same transaction;
 * - declined, voided, error: the order's payment reads `declined` (unless another attempt is
 *   still open), and the customer may pay again or switch;
 * - a different amount or currency: the attempt is `mismatch`, the order is not paid by it, and
 *   money taken is refunded;
 * - pending: nothing but the transaction's id, once known.
 * The branch and the customer hear of it only after the commit is durable.
 */
export async function observe(deps: PaymentsDeps, observation: Observation): Promise<Outcome> {
  const { db } = deps;
  const { transaction } = observation;
  const at = iso(deps.now());
  const attempt = await attemptByReference(db, transaction.reference);
  const seen = observation.key !== null && (await eventSeen(db, observation.key));
  const { outcome, effect } = await db.transaction().execute(async (trx) => {
    const result = attempt
      ? await settle(trx, attempt, transaction, at)
      : { outcome: 'unknown_reference' as const, effect: null };
    const kept = seen && result.outcome === 'no_change' ? 'duplicate' : result.outcome;
    await recordEvent(trx, {
      provider: deps.provider.name,
      source: observation.source,
      event_key: observation.key,
      transaction_id: transaction.id,
      reference: transaction.reference,
      status: transaction.status,
      amount: Math.round(transaction.amount),
      currency: transaction.currency,
      outcome: kept,
      payment_id: attempt?.id ?? null,
      received_at: at,
      body: observation.body?.slice(0, BODY_MAX) ?? null,
    });
    return { outcome: kept, effect: result.effect };
  });
  if (effect && attempt) await tell(deps, effect, attempt.order_id);
  return outcome;
}

/** After the commit, once it is durable: the branch, the customer, the refund sender. */
async function tell(deps: PaymentsDeps, effect: Effect, orderId: number) {
  await deps.flush();
  if (effect === 'paid') await deps.orders.announce(orderId, { newToBranch: true });
  else if (effect === 'declined') await deps.orders.announce(orderId, { newToBranch: false });
  else if (effect === 'refund') nudgeRefunds(deps);
}

/** The attempt's move, and its order's, for one word about its transaction. */
async function settle(
  trx: DbExecutor,
  attempt: Attempt,
  transaction: ProviderTransaction,
  at: string,
): Promise<{ outcome: Outcome; effect: Effect }> {
  if (attempt.transaction_id !== null && attempt.transaction_id !== transaction.id)
    return { outcome: 'other_transaction', effect: null };
  const same = transaction.amount === attempt.amount && transaction.currency === attempt.currency;
  if (transaction.status === 'pending') {
    if (same) await noteTransaction(trx, attempt.id, transaction.id, transaction.method, at);
    return { outcome: same ? 'no_change' : 'mismatch', effect: null };
  }
  if (!isOpen(attempt.status)) return { outcome: 'no_change', effect: null };
  if (!same) return mismatch(trx, attempt, transaction, at);
  const moved = await settleAttempt(trx, attempt.id, {
    status: FINAL[transaction.status],
    transaction_id: transaction.id,
    method: transaction.method,
    at,
  });
  if (!moved) return { outcome: 'no_change', effect: null };
  if (transaction.status === 'approved') return approved(trx, attempt, at);
  // Declined (or voided, or an error): the customer may pay again, unless another try is open.
  const open = await openAttemptsOf(trx, attempt.order_id);
  if (open.length === 0) await orderPaymentStatus(trx, attempt.order_id, 'declined', at);
  return { outcome: 'applied', effect: 'declined' };
}

/** Approved: the order waiting for it goes to its branch, or the money goes back. */
async function approved(
  trx: DbExecutor,
  attempt: Attempt,
  at: string,
): Promise<{ outcome: Outcome; effect: Effect }> {
  if (await orderPaid(trx, attempt.order_id, attempt.id, at))
    return { outcome: 'applied', effect: 'paid' };
  const order = await orderForPayment(trx, attempt.order_id);
  const late = order?.status === 'payment_expired';
  await insertRefund(trx, {
    payment_id: attempt.id,
    order_id: attempt.order_id,
    amount: attempt.amount,
    reason: late ? AUTOMATIC_REFUND_REASONS.late : AUTOMATIC_REFUND_REASONS.twice,
    automatic: 1,
    next_attempt_at: at,
    created_at: at,
  });
  return { outcome: late ? 'refunded_late' : 'refunded_twice', effect: 'refund' };
}

/**
 * A transaction for the attempt whose amount or currency is not the attempt's: the order is not
 * paid by it. Money it took goes back, whatever it was (whole pesos, at least one).
 */
async function mismatch(
  trx: DbExecutor,
  attempt: Attempt,
  transaction: ProviderTransaction,
  at: string,
): Promise<{ outcome: Outcome; effect: Effect }> {
  const charged = Math.max(1, Math.round(transaction.amount));
  const moved = await settleAttempt(trx, attempt.id, {
    status: 'mismatch',
    transaction_id: transaction.id,
    method: transaction.method,
    provider_amount: charged,
    at,
  });
  if (!moved || transaction.status !== 'approved') return { outcome: 'mismatch', effect: null };
  await insertRefund(trx, {
    payment_id: attempt.id,
    order_id: attempt.order_id,
    amount: charged,
    reason: AUTOMATIC_REFUND_REASONS.mismatch,
    automatic: 1,
    next_attempt_at: at,
    created_at: at,
  });
  return { outcome: 'mismatch', effect: 'refund' };
}
