import {
  chainClock,
  chainDayRange,
  chainToday,
  PAYMENT_ATTEMPT_TEXT,
  PAYMENTS_CSV_HEADER,
  REFUND_STATUS_TEXT,
  type AdminPayment,
  type AdminPaymentsQuery,
} from '@comanda/shared';
import { toCsv } from '../../lib/csv';
import { isoInstant, isoOrNull } from '../../lib/iso-instant';
import { STAFF_LIST_LIMIT } from '../../lib/staff-list-limit';
import { listPayments, refundsOfPayments } from './admin-repository';
import type { PaymentsDeps } from './deps';

const DAY = 24 * 3_600_000;
/** "2026-12-02 19:30" on the chain's clock. */
const chainMoment = (at: string) => `${chainToday(new Date(at))} ${chainClock(new Date(at))}`;
/** Without dates, the back office shows the last 30 days. */
const DEFAULT_DAYS = 30;

// The back office's Pagos (decision 061): every attempt with its refunds, by chain days, branch
// and state; and the same as the reconciliation CSV a bookkeeper checks against the provider's
// statement, one movement of money per row.

/** The attempts of the chain days asked for (the last 30 by default), newest first. */
export async function adminPayments(
  deps: PaymentsDeps,
  query: AdminPaymentsQuery,
): Promise<AdminPayment[]> {
  const today = chainToday(deps.now());
  const from = query.from ?? chainToday(new Date(deps.now().getTime() - DEFAULT_DAYS * DAY));
  const rows = await listPayments(
    deps.db,
    {
      from: chainDayRange(from).start.toISOString(),
      to: chainDayRange(query.to ?? today).end.toISOString(),
      ...(query.branch_id === undefined ? {} : { branchId: query.branch_id }),
      ...(query.status === undefined ? {} : { status: query.status }),
    },
    STAFF_LIST_LIMIT,
  );
  const refunds = await refundsOfPayments(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    branch: { id: row.branch_id, title: row.branch_title },
    provider: row.provider,
    reference: row.reference,
    transaction_id: row.transaction_id,
    amount: row.amount,
    charged: row.provider_amount,
    status: row.status,
    order_payment_status: row.order_payment,
    method: row.method,
    created_at: isoInstant(row.created_at),
    updated_at: isoInstant(row.updated_at),
    refunds: refunds
      .filter((refund) => refund.payment_id === row.id)
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        reason: refund.reason,
        status: refund.status,
        automatic: refund.automatic === 1,
        provider_id: refund.provider_refund_id,
        attempts: refund.attempts,
        last_error: refund.last_error,
        created_at: isoInstant(refund.created_at),
        confirmed_at: isoOrNull(refund.confirmed_at),
      })),
  }));
}

/** One row per charge and per refund (negative), newest payment first. */
export async function adminPaymentsCsv(
  deps: PaymentsDeps,
  query: AdminPaymentsQuery,
): Promise<string> {
  const payments = await adminPayments(deps, query);
  const rows = payments.flatMap((payment) => [
    [
      chainMoment(payment.created_at),
      'Cobro',
      payment.order_id,
      payment.branch.title,
      payment.provider,
      payment.reference,
      payment.transaction_id ?? '',
      '',
      payment.charged ?? payment.amount,
      PAYMENT_ATTEMPT_TEXT[payment.status],
      '',
    ],
    ...payment.refunds.map((refund) => [
      chainMoment(refund.created_at),
      'Reembolso',
      payment.order_id,
      payment.branch.title,
      payment.provider,
      payment.reference,
      payment.transaction_id ?? '',
      refund.provider_id ?? '',
      -refund.amount,
      REFUND_STATUS_TEXT[refund.status],
      refund.reason,
    ]),
  ]);
  return toCsv(PAYMENTS_CSV_HEADER, rows);
}
