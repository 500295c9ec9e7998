import { formatMoney, PAYMENT_MESSAGES } from '@comanda/shared';
import { randomBytes } from 'node:crypto';
import type { DbExecutor } from '../../db/types';
import type { AuditActor } from '../audit/service';
import { mailTemplates } from '../mail/templates';
import type { StopHook } from '../orders/types';
import { iso, later, MINUTE, type PaymentsDeps } from './deps';
import { ProviderUnavailable } from './provider';
import type { PaymentsSql } from './repository';

/** A claim keeps other nodes off a refund while its call is on the wire. */
const LEASE_MS = 2 * MINUTE;
const BATCH = 20;
/** The wait after the first failure to reach the provider, doubled each time up to an hour. */
const BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * MINUTE;
/** A refund the provider accepted without confirming it is looked at again after this. */
const PENDING_RECHECK_MS = MINUTE;

const backoff = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

/** Why a stopped order's money came back, as the customer reads it. */
function stopReason(stop: Parameters<StopHook>[1]): string {
  if (stop.by === 'customer') return 'Cancelaste tu pedido programado.';
  const what =
    stop.status === 'rejected' ? 'La sede rechazó tu pedido' : 'La sede canceló tu pedido';
  return stop.reason ? `${what}: ${stop.reason}` : `${what}.`;
}

/** What is still refundable of an order's payment: what it charged less every refund not refused. */
async function refundable(sql: PaymentsSql, paymentId: number, total: number) {
  return total - (await sql.refundedOrOwed(paymentId));
}

export type StaffRefundResult =
  | { ok: true }
  | { error: 'not_found' | 'not_paid' | 'nothing' }
  | { error: 'too_much'; left: number };

/**
 * Refunds (decision 061): owed in the transaction of what causes them — an order paid online
 * stopped by its branch or its customer (the whole remainder, by itself), staff giving part of one
 * back (a missing item), money that came when nobody needed it (observe.ts) — and sent by a
 * sender that claims due refunds as the outbox claims mail, calls the provider, and retries until
 * the provider confirms or refuses them. The customer hears of each one confirmed, by mail and on
 * the order's page.
 */
export function paymentRefunds(deps: PaymentsDeps) {
  const { repository } = deps;

  /** The stop hook: in the transaction that rejects or cancels an order. */
  const onStopped: StopHook = async (trx: DbExecutor, stop) => {
    const sql = repository.on(trx);
    const order = await sql.orderForPayment(stop.orderId);
    if (!order?.paid_payment_id) return;
    const left = await refundable(sql, order.paid_payment_id, order.total);
    if (left <= 0) return;
    const at = iso(deps.now());
    await sql.insertRefund({
      payment_id: order.paid_payment_id,
      order_id: order.id,
      amount: left,
      reason: stopReason(stop),
      automatic: 1,
      next_attempt_at: at,
      created_at: at,
    });
    // After the stop commits; a nudge that comes too soon leaves it to the next round.
    setTimeout(sender.nudge, 200).unref();
  };

  /** Staff give part of a paid order back (all that is left without an amount), with a reason. */
  async function byStaff(
    orderId: number,
    body: { amount?: number | undefined; reason: string },
    actor: AuditActor,
  ): Promise<StaffRefundResult> {
    const at = iso(deps.now());
    const result = await repository.transaction(async (trx): Promise<StaffRefundResult> => {
      const order = await trx.orderForPayment(orderId);
      if (!order) return { error: 'not_found' };
      if (!order.paid_payment_id) return { error: 'not_paid' };
      const left = await refundable(trx, order.paid_payment_id, order.total);
      if (left <= 0) return { error: 'nothing' };
      const amount = body.amount ?? left;
      if (amount > left) return { error: 'too_much', left };
      await trx.insertRefund({
        payment_id: order.paid_payment_id,
        order_id: orderId,
        amount,
        reason: body.reason,
        automatic: 0,
        actor_id: actor.id,
        next_attempt_at: at,
        created_at: at,
      });
      await deps.audit.record(trx.executor, actor, {
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
      sender.nudge();
    }
    return result;
  }

  const sender = refundSender(deps);
  return { onStopped, byStaff, sendDue: sender.sendDue, nudge: sender.nudge };
}

/** The Spanish refusal of a staff refund, with its status. */
export function staffRefundRefusal(result: Exclude<StaffRefundResult, { ok: true }>) {
  if (result.error === 'not_found') return { status: 404, message: 'No encontramos ese pedido.' };
  if (result.error === 'not_paid') return { status: 409, message: PAYMENT_MESSAGES.notPaidOnline };
  if (result.error === 'nothing') return { status: 409, message: PAYMENT_MESSAGES.nothingToRefund };
  const left = 'left' in result ? result.left : 0;
  return { status: 400, message: PAYMENT_MESSAGES.refundTooMuch(left) };
}

type Claimed = Awaited<ReturnType<PaymentsDeps['repository']['claimDueRefunds']>>[number];

/**
 * Sends due refunds, one claim at a time per node (a call during a run asks for another run).
 * A refund's claim is durable before its call; a later claim of the same refund (the node died,
 * or the answer was lost) first asks the provider whether the transaction was voided meanwhile,
 * and never sends again one the provider already accepted.
 */
function refundSender(deps: PaymentsDeps) {
  const { repository, provider } = deps;
  let running: Promise<void> | null = null;
  let again = false;

  async function round(): Promise<void> {
    const token = randomBytes(16).toString('hex');
    for (;;) {
      const now = deps.now();
      const claimed = await repository.claimDueRefunds(
        token,
        iso(now),
        later(now, LEASE_MS),
        BATCH,
      );
      if (claimed.length === 0) return;
      await deps.flush();
      for (const refund of claimed) await sendOne(refund, token);
      if (claimed.length < BATCH) return;
    }
  }

  async function sendOne(refund: Claimed, token: string) {
    const target = await repository.refundTarget(refund.payment_id, refund.id);
    if (!target?.transactionId) {
      await repository.refundDeclined(refund.id, token, 'El pago no tiene una transacción.');
      return;
    }
    try {
      if (refund.attempts > 1 || refund.provider_refund_id !== null) {
        const transaction = await provider.transaction(target.transactionId);
        if (transaction?.status === 'voided')
          return await confirmed(refund, token, refund.provider_refund_id);
        // Accepted earlier and not confirmed yet: never sent twice, only looked at again.
        if (refund.provider_refund_id !== null)
          return await repository.refundWaits(
            refund.id,
            token,
            refund.provider_refund_id,
            later(deps.now(), PENDING_RECHECK_MS),
          );
      }
      const whole = target.confirmedBefore === 0 && refund.amount >= target.charged;
      const answer = await provider.refund({
        transactionId: target.transactionId,
        amount: refund.amount,
        whole,
      });
      if (answer.state === 'declined') {
        await repository.refundDeclined(refund.id, token, answer.reason);
        return await deps.orders.announce(refund.order_id, { newToBranch: false });
      }
      if (answer.state === 'approved') return await confirmed(refund, token, answer.providerId);
      await repository.refundWaits(
        refund.id,
        token,
        answer.providerId,
        later(deps.now(), PENDING_RECHECK_MS),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ProviderUnavailable))
        deps.log.warn({ refund: refund.id, reason: message }, 'refund failed');
      await repository.refundRetry(
        refund.id,
        token,
        message,
        later(deps.now(), backoff(refund.attempts)),
      );
    }
  }

  /** Done: recorded with the order's refunded amount and the customer's mail, then told. */
  async function confirmed(refund: Claimed, token: string, providerId: string | null) {
    const at = iso(deps.now());
    const done = await repository.transaction(async (trx) => {
      const row = await trx.refundConfirmed(refund.id, token, providerId, at);
      if (!row) return false;
      const order = await trx.orderForPayment(row.order_id);
      if (order)
        await deps.mail.enqueue(trx.executor, {
          kind: 'refund',
          to: order.email,
          ...mailTemplates.refundMade({
            name: order.name,
            order: order.id,
            amount: formatMoney(row.amount),
            reason: row.reason,
            whole: order.refunded_amount >= order.total,
            link: `${deps.settings.publicUrl}/pedidos/${order.id}`,
          }),
        });
      return true;
    });
    if (!done) return;
    await deps.flush();
    deps.mail.nudge();
    await deps.orders.announce(refund.order_id, { newToBranch: false });
  }

  /** Sends every refund due now. Calls while one runs share it. */
  function sendDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const run = async () => {
      do {
        again = false;
        await round();
      } while (again);
    };
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sendDue,
    nudge(): void {
      sendDue().catch((error: unknown) =>
        deps.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'refunds not sent; retrying later',
        ),
      );
    },
  };
}
