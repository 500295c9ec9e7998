import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type {
  Database,
  DbExecutor,
  PaymentAttemptStatus,
  PaymentEventTable,
  PaymentStatus,
  PaymentTable,
  RefundTable,
} from '../../db/types';
import type { Insertable, Selectable } from 'kysely';
import { releaseSlot } from '../orders/schedule/slot-repository';

/** The attempt statuses a provider's answer may still change: nothing final happened yet. */
const OPEN: readonly PaymentAttemptStatus[] = ['pending', 'abandoned'];

/**
 * The SQL of online payment (decision 061): attempts, the order's money columns and the moves the
 * money makes (awaiting → received, → expired), refunds and the events log. Every function takes
 * the executor it runs on, so a service composes several into one transaction (`transaction`).
 */
export function paymentsSql(db: DbExecutor, dialect: DialectName) {
  return {
    ...attemptsSql(db, dialect),
    ...orderMoneySql(db),
    ...refundsSql(db, dialect),
    ...backOfficeSql(db),
    ...eventsSql(db),
  };
}

/** Attempts: one per time the customer goes to pay; the sweep claims the ones to ask about. */
function attemptsSql(db: DbExecutor, dialect: DialectName) {
  return {
    insertAttempt: (row: {
      order_id: number;
      provider: string;
      reference: string;
      amount: number;
      currency: string;
      checkout_expires_at: string;
      next_check_at: string;
      created_at: string;
    }) =>
      db
        .insertInto('payments')
        .values({ ...row, updated_at: row.created_at })
        .returning('id')
        .executeTakeFirstOrThrow(),

    attemptByReference: (reference: string) =>
      db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst(),

    /** The order's attempts, newest first. */
    attemptsOf: (orderId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id', 'desc')
        .execute(),

    /**
     * A final status for an attempt still open (pending, or given up on), with what the provider
     * said; false when another answer settled it first.
     */
    async settleAttempt(
      id: number,
      change: {
        status: PaymentAttemptStatus;
        transaction_id: string;
        method: string | null;
        provider_amount?: number | null;
        at: string;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({
          status: change.status,
          transaction_id: change.transaction_id,
          method: change.method,
          provider_amount: change.provider_amount ?? null,
          updated_at: change.at,
          ...(change.status === 'approved' ? { approved_at: change.at } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', OPEN)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A still-pending attempt's transaction, once the provider names it. */
    noteTransaction: (id: number, transactionId: string, method: string | null, at: string) =>
      db
        .updateTable('payments')
        .set({ transaction_id: transactionId, method, updated_at: at })
        .where('id', '=', id)
        .where('transaction_id', 'is', null)
        .execute(),

    /**
     * Claims up to `limit` pending attempts due for a question to the provider: each is moved a
     * lease ahead (`leaseUntil`) with one more check counted, so another node's sweep does not
     * ask the same at once; the caller then sets its real next check. The outer WHERE repeats
     * "due" (PostgreSQL re-reads a row a concurrent claim changed); SKIP LOCKED spares the wait.
     */
    claimDueChecks(now: string, leaseUntil: string, limit: number) {
      const due = db
        .selectFrom('payments')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_check_at', '<=', now)
        .orderBy('next_check_at')
        .limit(limit);
      return db
        .updateTable('payments')
        .set({ next_check_at: leaseUntil, checks: sql<number>`checks + 1` })
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .where('status', '=', 'pending')
        .where('next_check_at', '<=', now)
        .returningAll()
        .execute();
    },

    /** When to ask about a still-pending attempt next. */
    rescheduleCheck: (id: number, at: string) =>
      db
        .updateTable('payments')
        .set({ next_check_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute(),

    /** Nobody paid and the checkout no longer takes money: stop asking (a late event still applies). */
    abandonAttempt: (id: number, at: string) =>
      db
        .updateTable('payments')
        .set({ status: 'abandoned', updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute(),

    /** Attempts of an order the provider may still settle. */
    openAttemptsOf: (orderId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('status', 'in', OPEN)
        .execute(),
  };
}

/** The order's money columns and the moves it makes: awaiting → received, switched, expired. */
function orderMoneySql(db: DbExecutor) {
  return {
    /** What payment needs of an order: its state, its money and who ordered it. */
    orderForPayment: (orderId: number) =>
      db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select([
          'o.id',
          'o.user_id',
          'o.branch_id',
          'o.status',
          'o.total',
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
        .executeTakeFirst(),

    /**
     * The money came: the order waiting for it goes to its branch (`received`, with its step),
     * paid by `paymentId`. False when it was not waiting any more (expired, switched, paid).
     */
    async orderPaid(orderId: number, paymentId: number, at: string): Promise<boolean> {
      const result = await db
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
      await addStep(db, orderId, 'received', at);
      return true;
    },

    /** The payment failed while the order still waits: the customer may pay again or switch. */
    orderPaymentStatus: (orderId: number, status: PaymentStatus, at: string) =>
      db
        .updateTable('orders')
        .set({ payment_status: status, updated_at: at })
        .where('id', '=', orderId)
        .where('status', '=', 'awaiting_payment')
        .execute(),

    /**
     * "Pagar al recibir": the order waiting for its money goes to its branch with a method paid
     * on delivery. False when it was not waiting any more.
     */
    async orderSwitched(
      orderId: number,
      method: { id: number; description: string; pay_with: number | null },
      at: string,
    ): Promise<boolean> {
      const result = await db
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
      await addStep(db, orderId, 'received', at);
      return true;
    },

    /** A new attempt's time to pay: the order waits for its money at least until `until`. */
    extendPaymentExpiry: (orderId: number, until: string) =>
      db
        .updateTable('orders')
        .set({ payment_expires_at: until })
        .where('id', '=', orderId)
        .where('status', '=', 'awaiting_payment')
        .where((eb) =>
          eb.or([eb('payment_expires_at', 'is', null), eb('payment_expires_at', '<', until)]),
        )
        .execute(),

    /** Orders whose time to pay ran out, oldest first. */
    dueExpiries: async (now: string, limit: number) =>
      (
        await db
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'awaiting_payment')
          .where('payment_expires_at', '<=', now)
          .orderBy('payment_expires_at')
          .limit(limit)
          .execute()
      ).map((row) => row.id),

    /**
     * The money never came: the order ends `payment_expired` and gives back its slot and its
     * discount code, which it never used. False when it was not waiting any more.
     */
    async expireOrder(orderId: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ status: 'payment_expired', payment_status: 'expired', updated_at: at })
        .where('id', '=', orderId)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await addStep(db, orderId, 'payment_expired', at);
      const order = await db
        .selectFrom('orders')
        .select(['branch_id', 'scheduled_for', 'quantity', 'coupon_code_id', 'user_id'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (order.scheduled_for !== null) {
        const slot = new Date(order.scheduled_for).toISOString();
        await releaseSlot(db, { branch_id: order.branch_id, slot, units: order.quantity });
      }
      if (order.coupon_code_id !== null)
        await db
          .updateTable('coupon_codes')
          .set({ redeemed_at: null, redeemed_by: null })
          .where('id', '=', order.coupon_code_id)
          .where('redeemed_by', '=', order.user_id)
          .execute();
      return true;
    },

    /** A payment method as the customer may switch to it. */
    paymentType: (id: number) =>
      db
        .selectFrom('payment_types')
        .select(['id', 'description', 'kind'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),
  };
}

/** Refunds: owed, claimed by one sender at a time, then confirmed, waiting, declined or retried. */
function refundsSql(db: DbExecutor, dialect: DialectName) {
  return {
    /** What refunds of an attempt already take (all but the refused ones). */
    async refundedOrOwed(paymentId: number): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql`0`).as('amount'))
        .where('payment_id', '=', paymentId)
        .where('status', '!=', 'declined')
        .executeTakeFirst();
      return Number(row?.amount ?? 0);
    },

    insertRefund: (row: Insertable<RefundTable>) =>
      db.insertInto('refunds').values(row).returning('id').executeTakeFirstOrThrow(),

    /**
     * Claims up to `limit` refunds due to be sent (or checked): each gets this claim's token,
     * one more attempt and a lease, as the outbox does (decision 038). `sent_at` is set by the
     * claim, before any call: a later claim knows the provider may have heard this one.
     */
    claimDueRefunds(token: string, now: string, leaseUntil: string, limit: number) {
      const due = db
        .selectFrom('refunds')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(limit);
      return db
        .updateTable('refunds')
        .set({
          claim_token: token,
          attempts: sql<number>`attempts + 1`,
          next_attempt_at: leaseUntil,
          sent_at: sql<string>`coalesce(sent_at, ${now})`,
        })
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .returning(['id', 'payment_id', 'order_id', 'amount', 'attempts', 'provider_refund_id'])
        .execute();
    },

    /**
     * What a refund gives back from: its attempt's transaction, what the provider charged, and
     * what other refunds of it the provider already confirmed.
     */
    async refundTarget(paymentId: number, refundId: number) {
      const payment = await db
        .selectFrom('payments')
        .select(['transaction_id', 'amount', 'provider_amount'])
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (!payment) return undefined;
      const confirmed = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql`0`).as('amount'))
        .where('payment_id', '=', paymentId)
        .where('status', '=', 'approved')
        .where('id', '!=', refundId)
        .executeTakeFirst();
      return {
        transactionId: payment.transaction_id,
        charged: payment.provider_amount ?? payment.amount,
        confirmedBefore: Number(confirmed?.amount ?? 0),
      };
    },

    /**
     * The provider confirmed it: the refund is done, and the order's refunded amount and payment
     * status say so. Only under this claim; false when the claim was lost (the lease ran out).
     */
    async refundConfirmed(id: number, token: string, providerId: string | null, at: string) {
      const result = await db
        .updateTable('refunds')
        .set({
          status: 'approved',
          provider_refund_id: providerId,
          confirmed_at: at,
          claim_token: null,
          last_error: null,
        })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      const refund = await db
        .selectFrom('refunds')
        .select(['order_id', 'payment_id', 'amount', 'reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('orders')
        .set((eb) => ({
          refunded_amount: eb('refunded_amount', '+', refund.amount),
          updated_at: at,
        }))
        .where('id', '=', refund.order_id)
        .execute();
      // The order's own payment (or the expired order's late one) now reads as refunded.
      await db
        .updateTable('orders')
        .set({
          payment_status: sql`case when refunded_amount >= total then 'refunded' else 'partially_refunded' end`,
        })
        .where('id', '=', refund.order_id)
        .where((eb) =>
          eb.or([
            eb('paid_payment_id', '=', refund.payment_id),
            eb('payment_status', '=', 'expired'),
          ]),
        )
        .execute();
      return refund;
    },

    /** Sent and not confirmed yet (`pending` at the provider): looked at again later. */
    refundWaits: (id: number, token: string, providerId: string | null, retryAt: string) =>
      db
        .updateTable('refunds')
        .set({ provider_refund_id: providerId, claim_token: null, next_attempt_at: retryAt })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .where('status', '=', 'pending')
        .execute(),

    /** Refused for good by the provider: kept with the reason, for a person to follow up. */
    refundDeclined: (id: number, token: string, reason: string) =>
      db
        .updateTable('refunds')
        .set({ status: 'declined', claim_token: null, last_error: reason.slice(0, 500) })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .where('status', '=', 'pending')
        .execute(),

    /** The provider could not be asked: try again at `retryAt`. */
    refundRetry: (id: number, token: string, error: string, retryAt: string) =>
      db
        .updateTable('refunds')
        .set({ claim_token: null, last_error: error.slice(0, 500), next_attempt_at: retryAt })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .where('status', '=', 'pending')
        .execute(),
  };
}

/** The back office's list of attempts and their refunds (Pagos). */
function backOfficeSql(db: DbExecutor) {
  return {
    /** Attempts with their branch and their order's payment state, newest first. */
    listPayments: (
      filter: { from: string; to: string; branchId?: number; status?: PaymentAttemptStatus },
      limit: number,
    ) => {
      let query = db
        .selectFrom('payments as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .innerJoin('branches as b', 'b.id', 'o.branch_id')
        .selectAll('p')
        .select(['o.branch_id', 'b.title as branch_title', 'o.payment_status as order_payment'])
        .where('p.created_at', '>=', filter.from)
        .where('p.created_at', '<', filter.to);
      if (filter.branchId !== undefined) query = query.where('o.branch_id', '=', filter.branchId);
      if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
      return query.orderBy('p.id', 'desc').limit(limit).execute();
    },

    /** The refunds of these attempts, oldest first. */
    refundsOfPayments: (paymentIds: number[]) =>
      paymentIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('refunds')
            .selectAll()
            .where('payment_id', 'in', paymentIds)
            .orderBy('id')
            .execute(),
  };
}

/** The provider's events as they arrived. */
function eventsSql(db: DbExecutor) {
  return {
    recordEvent: (row: Insertable<PaymentEventTable>) =>
      db.insertInto('payment_events').values(row).execute(),

    /** Whether an event with this key was kept before (a provider's retry, or a replay). */
    async eventSeen(key: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_events')
        .select('id')
        .where('event_key', '=', key)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** One status step in the order's history, taken by nobody (the money moved it). */
async function addStep(
  db: DbExecutor,
  orderId: number,
  status: 'received' | 'payment_expired',
  at: string,
) {
  await db
    .insertInto('order_status_history')
    .values({ order_id: orderId, status, at, actor_id: null })
    .execute();
}

export type PaymentsSql = ReturnType<typeof paymentsSql>;
/** One attempt at the provider's checkout, as stored. */
export type Attempt = Selectable<PaymentTable>;

/** The payments' SQL on the app's database, and a transaction that gives the same on one connection. */
export function createPaymentsRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    ...paymentsSql(db, dialect),
    /** The same SQL inside a transaction someone else opened (an order's stop). */
    on: (executor: DbExecutor) => paymentsSql(executor, dialect),
    /** Runs `work` in one transaction; what it writes commits together or not at all. */
    transaction: <T>(work: (trx: PaymentsSql & { executor: DbExecutor }) => Promise<T>) =>
      db.transaction().execute((trx) => work({ ...paymentsSql(trx, dialect), executor: trx })),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
