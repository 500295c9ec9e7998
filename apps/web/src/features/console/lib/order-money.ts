import type { PaymentStatus } from '@comanda/shared';

/** What the board and Día need of an order's money (decision 061). */
export interface OrderMoney {
  total: number;
  /** The courier's tip, paid with the order and given back with it (decision 085). */
  tip?: number;
  payment_status: PaymentStatus | null;
  refunded_amount: number;
  /** Refunds not confirmed yet, when the answer lists them (the board's whole orders do). */
  refunds?: readonly { amount: number; status: string }[];
}

/** Paid online, whatever refunds came after: nobody asks this customer for money at the door. */
export const paidOnline = (order: OrderMoney): boolean =>
  order.payment_status === 'approved' ||
  order.payment_status === 'partially_refunded' ||
  order.payment_status === 'refunded';

/**
 * What is left to give back of an order paid online: what it charged (its total and the
 * courier's tip) less every refund not refused.
 */
export function refundableLeft(order: OrderMoney): number {
  if (!paidOnline(order)) return 0;
  const inProgress = (order.refunds ?? [])
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, order.total + (order.tip ?? 0) - order.refunded_amount - inProgress);
}
