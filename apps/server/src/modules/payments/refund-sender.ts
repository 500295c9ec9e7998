import { formatMoney } from '@comanda/shared';
import { randomBytes } from 'node:crypto';
import { backoffDelay, runPasses } from '../../lib/queue-run';
import { mailTemplates } from '../mail/templates';
import { iso, later, MINUTE, type PaymentsDeps } from './deps';
import { orderForPayment } from './order-money-repository';
import { ProviderUnavailable } from './provider';
import {
  claimDueRefunds,
  refundConfirmed,
  refundDeclined,
  refundRetry,
  refundTarget,
  refundWaits,
} from './refunds-repository';

// Sends due refunds (decision 061), one claim at a time per node (a call during a run asks for
// another run, deps.refundRun). A refund's claim is durable before its call; a later claim of the
// same refund (the node died, or the answer was lost) first asks the provider whether the
// transaction was voided meanwhile, and never sends again one the provider already accepted.

/** A claim keeps other nodes off a refund while its call is on the wire. */
const LEASE_MS = 2 * MINUTE;
const BATCH = 20;
/** The wait after the first failure to reach the provider, doubled each time up to an hour. */
const BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * MINUTE;
/** A refund the provider accepted without confirming it is looked at again after this. */
const PENDING_RECHECK_MS = MINUTE;

const backoff = (attempts: number) => backoffDelay(attempts, BACKOFF_MS, MAX_BACKOFF_MS);

type Claimed = Awaited<ReturnType<typeof claimDueRefunds>>[number];

async function round(deps: PaymentsDeps): Promise<void> {
  const token = randomBytes(16).toString('hex');
  for (;;) {
    const now = deps.now();
    const claimed = await claimDueRefunds(deps.db, deps.dialect, {
      token,
      now: iso(now),
      leaseUntil: later(now, LEASE_MS),
      limit: BATCH,
    });
    if (claimed.length === 0) return;
    await deps.flush();
    for (const refund of claimed) await sendOne(deps, refund, token);
    if (claimed.length < BATCH) return;
  }
}

async function sendOne(deps: PaymentsDeps, refund: Claimed, token: string) {
  const { db, provider } = deps;
  const target = await refundTarget(db, refund.payment_id, refund.id);
  if (!target?.transactionId) {
    await refundDeclined(db, refund.id, token, 'El pago no tiene una transacción.');
    return;
  }
  try {
    if (refund.attempts > 1 || refund.provider_refund_id !== null) {
      const transaction = await provider.transaction(target.transactionId);
      if (transaction?.status === 'voided')
        return await confirmed(deps, refund, token, refund.provider_refund_id);
      // Accepted earlier and not confirmed yet: never sent twice, only looked at again.
      if (refund.provider_refund_id !== null)
        return await refundWaits(
          db,
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
      await refundDeclined(db, refund.id, token, answer.reason);
      return await deps.orders.announce(refund.order_id, { newToBranch: false });
    }
    if (answer.state === 'approved') return await confirmed(deps, refund, token, answer.providerId);
    await refundWaits(
      db,
      refund.id,
      token,
      answer.providerId,
      later(deps.now(), PENDING_RECHECK_MS),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ProviderUnavailable))
      deps.log.warn({ refund: refund.id, reason: message }, 'refund failed');
    await refundRetry(db, refund.id, token, message, later(deps.now(), backoff(refund.attempts)));
  }
}

/** Done: recorded with the order's refunded amount and the customer's mail, then told. */
async function confirmed(
  deps: PaymentsDeps,
  refund: Claimed,
  token: string,
  providerId: string | null,
) {
  const at = iso(deps.now());
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await refundConfirmed(trx, refund.id, token, providerId, at);
    if (!row) return false;
    const order = await orderForPayment(trx, row.order_id);
    if (order)
      await deps.mail.enqueue(trx, {
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
export async function sendRefunds(deps: PaymentsDeps): Promise<void> {
  await runPasses(deps.refundRun, async () => {
    await round(deps);
    return 0;
  });
}

/** Sends what is due in the background; a failure is left to the next round. */
export function nudgeRefunds(deps: PaymentsDeps): void {
  sendRefunds(deps).catch((error: unknown) =>
    deps.log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'refunds not sent; retrying later',
    ),
  );
}
