import { paymentsAdmin } from './admin';
import { paymentCheckout } from './checkout';
import { customerPayments } from './customer';
import type { PaymentsDeps } from './deps';
import { paymentObserver } from './observe';
import { paymentReconciliation } from './reconcile';
import { paymentRefunds } from './refunds';
import { paymentWebhook } from './webhook';

/**
 * Online payment (decision 061): checkout.ts (attempts), observe.ts (the one state machine every
 * provider's word goes through), webhook.ts, customer.ts, refunds.ts (owed and sent),
 * reconcile.ts (what no event told; expiry) and admin.ts (Pagos), over one repository.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const refunds = paymentRefunds(deps);
  const observe = paymentObserver(deps, refunds.nudge);
  const checkoutFor = paymentCheckout(deps);
  const reconciliation = paymentReconciliation(deps, observe);
  return {
    provider: deps.provider.name,
    checkoutFor,
    observe,
    receive: paymentWebhook(deps, observe),
    customer: customerPayments(deps, checkoutFor, observe),
    refundByStaff: refunds.byStaff,
    onStopped: refunds.onStopped,
    sendRefunds: refunds.sendDue,
    nudgeRefunds: refunds.nudge,
    askDue: reconciliation.askDue,
    expireDue: reconciliation.expireDue,
    admin: paymentsAdmin(deps),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
