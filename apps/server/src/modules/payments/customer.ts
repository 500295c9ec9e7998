import {
  CHECKOUT_MESSAGES,
  PAYMENT_MESSAGES,
  type OnlinePayment,
  type PaymentMethodBody,
} from '@comanda/shared';
import { attemptByReference } from './attempts-repository';
import { checkoutFor } from './checkout';
import type { PaymentsDeps } from './deps';
import { iso } from './deps';
import { observe } from './observe';
import { orderForPayment, orderSwitched, paymentType } from './order-money-repository';

/** Why a customer's call about their order's money is refused. */
export type CustomerRefusal =
  | { error: 'not_found' }
  /** The order no longer waits for its money: paid, switched, or expired (`expired`). */
  | { error: 'not_awaiting'; expired: boolean }
  | { error: 'unknown_transaction' | 'other_order' }
  | { error: 'invalid'; errors: Record<string, string[]> };

// What a customer does about an order awaiting its money (decision 061): pay again (a new
// attempt after a decline), come back from the provider's checkout (the provider is asked; the
// browser is never believed), or switch to a method paid on delivery, keeping the order as it is.

/** The customer's own order still waiting for its money, or why not. */
async function waiting(deps: PaymentsDeps, userId: number, orderId: number) {
  const order = await orderForPayment(deps.db, orderId);
  if (!order || order.user_id !== userId) return { error: 'not_found' } as const;
  if (order.status !== 'awaiting_payment')
    return { error: 'not_awaiting', expired: order.status === 'payment_expired' } as const;
  return order;
}

export async function payAgain(
  deps: PaymentsDeps,
  userId: number,
  orderId: number,
): Promise<OnlinePayment | CustomerRefusal> {
  const order = await waiting(deps, userId, orderId);
  return 'error' in order ? order : checkoutFor(deps, orderId);
}

/** Back from the checkout with the provider's transaction id. */
export async function returned(
  deps: PaymentsDeps,
  userId: number,
  orderId: number,
  transactionId: string,
): Promise<{ ok: true } | CustomerRefusal> {
  const order = await orderForPayment(deps.db, orderId);
  if (!order || order.user_id !== userId) return { error: 'not_found' };
  const transaction = await deps.provider.transaction(transactionId);
  if (!transaction) return { error: 'unknown_transaction' };
  const attempt = await attemptByReference(deps.db, transaction.reference);
  if (attempt?.order_id !== orderId) return { error: 'other_order' };
  await observe(deps, { source: 'return', key: null, transaction, body: null });
  return { ok: true };
}

/** "Pagar al recibir": the order goes to its branch, to be paid at the door or the counter. */
export async function switchToOnDelivery(
  deps: PaymentsDeps,
  userId: number,
  orderId: number,
  body: PaymentMethodBody,
): Promise<{ ok: true } | CustomerRefusal> {
  const order = await waiting(deps, userId, orderId);
  if ('error' in order) return order;
  const method = await paymentType(deps.db, body.payment.id);
  if (!method) return invalid('payment', CHECKOUT_MESSAGES.paymentUnknown);
  if (method.kind === 'online') return invalid('payment', PAYMENT_MESSAGES.offlineMethodRequired);
  const payWith = body.pay_with ?? null;
  if (payWith !== null && method.kind !== 'cash')
    return invalid('pay_with', CHECKOUT_MESSAGES.payWithNotCash);
  if (payWith !== null && payWith < order.total)
    return invalid('pay_with', CHECKOUT_MESSAGES.payWithTooLow(order.total));
  const switched = await orderSwitched(
    deps.db,
    orderId,
    { id: method.id, description: method.description, pay_with: payWith },
    iso(deps.now()),
  );
  if (!switched) return { error: 'not_awaiting', expired: false };
  await deps.flush();
  await deps.orders.announce(orderId, { newToBranch: true });
  return { ok: true };
}

const invalid = (field: string, message: string): CustomerRefusal => ({
  error: 'invalid',
  errors: { [field]: [message] },
});
