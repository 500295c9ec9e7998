import type { OnlinePayment } from '@comanda/shared';
import { randomBytes } from 'node:crypto';
import { attemptsOf, insertAttempt } from './attempts-repository';
import { iso, later, MINUTE, type PaymentsDeps } from './deps';
import { extendPaymentExpiry, orderForPayment } from './order-money-repository';

/** What a reference's random part is written with: no 0/O, 1/I, readable over the phone. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPart = () =>
  [...randomBytes(6)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');

/**
 * The provider's hosted checkout for an order awaiting its money (decision 061). The attempt still
 * open is offered again (a retried `confirm-cart`, a reload) as long as nobody started paying it
 * and its checkout still takes money; otherwise a new attempt, with its own reference, gives the
 * customer the whole time to pay again. The attempt is durable before its address is handed out:
 * an event about a reference Comanda forgot would be money without an order.
 */
export async function checkoutFor(deps: PaymentsDeps, orderId: number): Promise<OnlinePayment> {
  const { db, provider } = deps;
  const order = await orderForPayment(db, orderId);
  if (!order) throw new Error(`order ${orderId} does not exist`);
  const now = deps.now();
  const attempts = await attemptsOf(db, orderId);
  const latest = attempts[0];
  const reusable =
    latest?.status === 'pending' &&
    latest.transaction_id === null &&
    new Date(latest.checkout_expires_at).getTime() > now.getTime() + MINUTE;
  const attempt = reusable
    ? { reference: latest.reference, expiresAt: new Date(latest.checkout_expires_at) }
    : await newAttempt(deps, order, attempts.length + 1, now);
  const url = provider.checkoutUrl({
    reference: attempt.reference,
    amount: order.total,
    currency: provider.currency,
    expiresAt: attempt.expiresAt,
    returnUrl: `${deps.settings.publicUrl}/pedidos/${orderId}`,
    customer: { email: order.email, name: order.name, phone: order.phone },
  });
  return { status: 'pending', redirect_url: url };
}

async function newAttempt(
  deps: PaymentsDeps,
  order: { id: number; total: number; payment_expires_at: Date | string | null },
  number: number,
  now: Date,
) {
  const { provider, settings } = deps;
  // A new attempt gives the whole time to pay again; the order waits as long as it does.
  const expiresAt = new Date(now.getTime() + settings.expiryMinutes * MINUTE);
  const reference = `${order.id}-${number}-${randomPart()}`;
  await deps.db.transaction().execute(async (trx) => {
    await insertAttempt(trx, {
      order_id: order.id,
      provider: provider.name,
      reference,
      amount: order.total,
      currency: provider.currency,
      checkout_expires_at: iso(expiresAt),
      // Asked about two sweeps after it is made (a minute by default), if no event came first.
      next_check_at: later(now, 2 * settings.reconcileMs),
      created_at: iso(now),
    });
    await extendPaymentExpiry(trx, order.id, iso(expiresAt));
  });
  await deps.flush();
  return { reference, expiresAt };
}
