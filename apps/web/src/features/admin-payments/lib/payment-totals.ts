import type { AdminPayment, AdminRefund } from '@comanda/shared';

export interface PaymentTotals {
  /** What approved attempts charged, whole pesos. */
  charged: number;
  chargedCount: number;
  /** What the provider confirmed giving back of those charges. */
  refunded: number;
  refundedCount: number;
  /** Refunds of those charges still on their way (not in `refunded`). */
  refunding: number;
  net: number;
}

/**
 * The money of the attempts listed, as the provider's statement counts it: what approved attempts
 * charged, and what a `mismatch` attempt charged when it took money (it then has the refund of
 * it), with their confirmed refunds.
 */
export function paymentTotals(payments: readonly AdminPayment[]): PaymentTotals {
  const totals = {
    charged: 0,
    chargedCount: 0,
    refunded: 0,
    refundedCount: 0,
    refunding: 0,
  };
  for (const payment of payments) {
    const taken =
      payment.status === 'approved' ||
      (payment.status === 'mismatch' && payment.refunds.length > 0);
    if (!taken) continue;
    totals.charged += payment.charged ?? payment.amount;
    totals.chargedCount += 1;
    for (const refund of payment.refunds) {
      if (refund.status === 'approved') {
        totals.refunded += refund.amount;
        totals.refundedCount += 1;
      } else if (refund.status === 'pending') totals.refunding += refund.amount;
    }
  }
  return { ...totals, net: totals.charged - totals.refunded };
}

/**
 * A refund someone has to chase in the provider's dashboard: refused for good, or still not
 * made after a failed call. Comanda keeps retrying the second kind, but the customer waits.
 */
export const needsFollowUp = (refund: AdminRefund) =>
  refund.status === 'declined' || (refund.status === 'pending' && refund.last_error !== null);

/** How many refunds of the list need following up. */
export const followUpCount = (payments: readonly AdminPayment[]) =>
  payments.reduce((count, payment) => count + payment.refunds.filter(needsFollowUp).length, 0);
