import type { DbExecutor, PaymentStatus } from '../../db/types';
import { releaseSlot } from '../orders/schedule/slot-repository';

// The order's money columns and the moves it makes: awaiting → received, switched, expired.
// Plain functions of the executor (decision 065).

/** One status step in the order's history, taken by nobody (the money moved it). */
async function addStep(
  executor: DbExecutor,
  orderId: number,
  status: 'received' | 'payment_expired',
  at: string,
) {
  await executor
    .insertInto('order_status_history')
    .values({ order_id: orderId, status, at, actor_id: null })
    .execute();
}

/** What payment needs of an order: its state, its money and who ordered it. */
export const orderForPayment = (executor: DbExecutor, orderId: number) =>
  executor
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'o.branch_id',
      'o.status',
      // What the customer pays and may get back: the sale and the courier's tip (decision 085).
      (eb) => eb('o.total', '+', eb.ref('o.tip')).as('total'),
      'o.quantity',
      'o.scheduled_for',
      'o.coupon_code_id',
      'o.payment_status',
      'o.paid_payment_id',
      'o.refunded_amount',
      'o.payment_expires_at',
      'u.email',
      'u.name',
      (eb) => eb.fn.coalesce('o.customer_phone', 'u.phone').as('phone'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();

/**
 * The money came: the order waiting for it goes to its branch (`received`, with its step), paid
 * by `paymentId`. False when it was not waiting any more (expired, switched, paid).
 */
export async function orderPaid(
  executor: DbExecutor,
  orderId: number,
  paymentId: number,
  at: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('orders')
    .set({
      status: 'received',
      payment_status: 'approved',
      paid_payment_id: paymentId,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await addStep(executor, orderId, 'received', at);
  return true;
}

/** The payment failed while the order still waits: the customer may pay again or switch. */
export const orderPaymentStatus = (
  executor: DbExecutor,
  orderId: number,
  status: PaymentStatus,
  at: string,
) =>
  executor
    .updateTable('orders')
    .set({ payment_status: status, updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .execute();

/**
 * "Pagar al recibir": the order waiting for its money goes to its branch with a method paid on
 * delivery. False when it was not waiting any more.
 */
export async function orderSwitched(
  executor: DbExecutor,
  orderId: number,
  method: { id: number; description: string; pay_with: number | null },
  at: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('orders')
    .set({
      status: 'received',
      payment_status: null,
      payment_type_id: method.id,
      payment_description: method.description,
      pay_with: method.pay_with,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await addStep(executor, orderId, 'received', at);
  return true;
}

/** A new attempt's time to pay: the order waits for its money at least until `until`. */
export const extendPaymentExpiry = (executor: DbExecutor, orderId: number, until: string) =>
  executor
    .updateTable('orders')
    .set({ payment_expires_at: until })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .where((eb) =>
      eb.or([eb('payment_expires_at', 'is', null), eb('payment_expires_at', '<', until)]),
    )
    .execute();

/** Orders whose time to pay ran out, oldest first. */
export const dueExpiries = async (executor: DbExecutor, now: string, limit: number) =>
  (
    await executor
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'awaiting_payment')
      .where('payment_expires_at', '<=', now)
      .orderBy('payment_expires_at')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/**
 * The money never came: the order ends `payment_expired` and gives back its slot and its discount
 * code, which it never used. False when it was not waiting any more.
 */
export async function expireOrder(
  executor: DbExecutor,
  orderId: number,
  at: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('orders')
    .set({ status: 'payment_expired', payment_status: 'expired', updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await addStep(executor, orderId, 'payment_expired', at);
  const order = await executor
    .selectFrom('orders')
    .select(['branch_id', 'scheduled_for', 'quantity', 'coupon_code_id', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.scheduled_for !== null) {
    const slot = new Date(order.scheduled_for).toISOString();
    await releaseSlot(executor, { branch_id: order.branch_id, slot, units: order.quantity });
  }
  if (order.coupon_code_id !== null)
    await executor
      .updateTable('coupon_codes')
      .set({ redeemed_at: null, redeemed_by: null })
      .where('id', '=', order.coupon_code_id)
      .where('redeemed_by', '=', order.user_id)
      .execute();
  return true;
}

/** A payment method as the customer may switch to it. */
export const paymentType = (executor: DbExecutor, id: number) =>
  executor
    .selectFrom('payment_types')
    .select(['id', 'description', 'kind'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
