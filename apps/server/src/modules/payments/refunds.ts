import { formatMoney, PAYMENT_MESSAGES } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import type { StopHook } from '../orders/types';
import { iso, type PaymentsDeps } from './deps';
import { orderForPayment } from './order-money-repository';
import { nudgeRefunds } from './refund-sender';
import { insertRefund, refundedOrOwed } from './refunds-repository';

// Refunds (decision 061): owed in the transaction of what causes them — an order paid online
// stopped by its branch or its customer (the whole remainder, by itself), staff giving part of one
// back (a missing item), money that came when nobody needed it (observe.ts) — and sent by
// refund-sender.ts, which claims due refunds as the outbox claims mail, calls the provider, and
// retries until the provider confirms or refuses them. The customer hears of each one confirmed,
// by mail and on the order's page.

/** Why a stopped order's money came back, as the customer reads it. */
function stopReason(stop: Parameters<StopHook>[1]): string {
  if (stop.by === 'customer') return 'Cancelaste tu pedido programado.';
  const what =
    stop.status === 'rejected' ? 'La sede rechazó tu pedido' : 'La sede canceló tu pedido';
  return stop.reason ? `${what}: ${stop.reason}` : `${what}.`;
}

/** What is still refundable of an order's payment: what it charged less every refund not refused. */
async function refundable(executor: DbExecutor, paymentId: number, total: number) {
  return total - (await refundedOrOwed(executor, paymentId));
}

export type StaffRefundResult =
  | { ok: true }
  | { error: 'not_found' | 'not_paid' | 'nothing' }
  | { error: 'too_much'; left: number };

/** The stop hook: in the transaction that rejects or cancels an order. */
export async function onStopped(
  deps: PaymentsDeps,
  trx: DbExecutor,
  stop: Parameters<StopHook>[1],
): Promise<void> {
  const order = await orderForPayment(trx, stop.orderId);
  if (!order?.paid_payment_id) return;
  const left = await refundable(trx, order.paid_payment_id, order.total);
  if (left <= 0) return;
  const at = iso(deps.now());
  await insertRefund(trx, {
    payment_id: order.paid_payment_id,
    order_id: order.id,
    amount: left,
    reason: stopReason(stop),
    automatic: 1,
    next_attempt_at: at,
    created_at: at,
  });
  // After the stop commits; a nudge that comes too soon leaves it to the next round.
  setTimeout(() => nudgeRefunds(deps), 200).unref();
}

/** Staff give part of a paid order back (all that is left without an amount), with a reason. */
export async function refundByStaff(
  deps: PaymentsDeps,
  orderId: number,
  body: { amount?: number | undefined; reason: string },
  actor: AuditActor,
): Promise<StaffRefundResult> {
  const at = iso(deps.now());
  const result = await deps.db.transaction().execute(async (trx): Promise<StaffRefundResult> => {
    const order = await orderForPayment(trx, orderId);
    if (!order) return { error: 'not_found' };
    if (!order.paid_payment_id) return { error: 'not_paid' };
    const left = await refundable(trx, order.paid_payment_id, order.total);
    if (left <= 0) return { error: 'nothing' };
    const amount = body.amount ?? left;
    if (amount > left) return { error: 'too_much', left };
    await insertRefund(trx, {
      payment_id: order.paid_payment_id,
      order_id: orderId,
      amount,
      reason: body.reason,
      automatic: 0,
      actor_id: actor.id,
      next_attempt_at: at,
      created_at: at,
    });
    await deps.audit.record(trx, actor, {
      action: 'refund',
      entity: 'order',
      entity_id: orderId,
      branch_id: order.branch_id,
      summary: `Pedido #${orderId}: reembolso de ${formatMoney(amount)} (${body.reason})`,
      after: { amount, reason: body.reason },
    });
    return { ok: true };
  });
  if ('ok' in result) {
    await deps.flush();
    await deps.orders.announce(orderId, { newToBranch: false });
    nudgeRefunds(deps);
  }
  return result;
}

/** The Spanish refusal of a staff refund, with its status. */
export function staffRefundRefusal(result: Exclude<StaffRefundResult, { ok: true }>) {
  if (result.error === 'not_found') return { status: 404, message: 'No encontramos ese pedido.' };
  if (result.error === 'not_paid') return { status: 409, message: PAYMENT_MESSAGES.notPaidOnline };
  if (result.error === 'nothing') return { status: 409, message: PAYMENT_MESSAGES.nothingToRefund };
  const left = 'left' in result ? result.left : 0;
  return { status: 400, message: PAYMENT_MESSAGES.refundTooMuch(left) };
}
