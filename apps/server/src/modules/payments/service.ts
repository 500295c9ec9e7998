// Online payment's service: its plain functions bound to its one set of dependencies (decision
// 065). Nothing here decides anything; each line names the function that does.
import { bind } from '../../lib/bind';
import { idleRun } from '../../lib/queue-run';
import { adminPayments, adminPaymentsCsv } from './admin';
import { checkoutFor } from './checkout';
import { payAgain, returned, switchToOnDelivery } from './customer';
import type { PaymentsDeps } from './deps';
import { observe } from './observe';
import { askDue, expireDue } from './reconcile';
import { nudgeRefunds, sendRefunds } from './refund-sender';
import { onStopped, refundByStaff } from './refunds';
import { receive } from './webhook';

/** Payment's state made once: the refund sender's run on this node. */
export function createPaymentsDeps(source: Omit<PaymentsDeps, 'refundRun'>): PaymentsDeps {
  return { ...source, refundRun: idleRun<number>() };
}

/**
 * Online payment (decision 061), as app.payments: checkout.ts (attempts), observe.ts (the one
 * state machine every provider's word goes through), webhook.ts, customer.ts, refunds.ts (owed)
 * and refund-sender.ts (sent), reconcile.ts (what no event told; expiry) and admin.ts (Pagos),
 * over their `*-repository.ts` SQL.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  return {
    provider: deps.provider.name,
    checkoutFor: bind(deps, checkoutFor),
    observe: bind(deps, observe),
    receive: bind(deps, receive),
    customer: {
      payAgain: bind(deps, payAgain),
      returned: bind(deps, returned),
      switchToOnDelivery: bind(deps, switchToOnDelivery),
    },
    refundByStaff: bind(deps, refundByStaff),
    onStopped: bind(deps, onStopped),
    sendRefunds: bind(deps, sendRefunds),
    nudgeRefunds: bind(deps, nudgeRefunds),
    askDue: bind(deps, askDue),
    expireDue: bind(deps, expireDue),
    admin: {
      list: bind(deps, adminPayments),
      csv: bind(deps, adminPaymentsCsv),
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
