import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, timestampType, withId, type AnyDb, type Migration } from './helpers';

type Timestamp = ReturnType<typeof timestampType>;

/**
 * Online payment (decision 061):
 * - `payment_types.kind`: `cash`, `on_delivery` (a card machine at the door, a transfer) or
 *   `online` (paid through the chain's provider before the order reaches the branch). A method
 *   named like cash becomes `cash`; the rest `on_delivery`.
 * - on `orders`: `payment_status` (null unless paid online), `refunded_amount` (what confirmed
 *   refunds gave back), `pay_with` (cash: what the customer pays with) and `payment_expires_at`
 *   (when an order still awaiting its money is given up), with the sweep's index; and
 *   `paid_payment_id`, the attempt whose approval took the order to its branch.
 * - `payments`: one row per attempt at the provider's checkout, with Comanda's reference, the
 *   provider's transaction id once known, and when reconciliation asks about it next.
 * - `refunds`: each refund owed, sent by a claim (as the outbox is) and retried until the
 *   provider confirms or refuses it.
 * - `payment_events`: every event a provider sent or an API answer Comanda applied, with what it
 *   caused, for audit.
 */
export function onlinePaymentsMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('payment_types')
        .addColumn('kind', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('on_delivery')
            .check(sql`kind in ('cash', 'on_delivery', 'online')`),
        )
        .execute();
      await db
        .updateTable('payment_types')
        .set({ kind: 'cash' })
        .where(sql`lower(description)`, 'like', '%efectivo%')
        .execute();

      await db.schema.alterTable('orders').addColumn('payment_status', 'varchar(20)').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_amount', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`refunded_amount >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('pay_with', 'integer', (c) => c.check(sql`pay_with > 0`))
        .execute();
      await db.schema.alterTable('orders').addColumn('payment_expires_at', ts).execute();
      // The expiry sweep: orders still awaiting their money, by when they are given up.
      await db.schema
        .createIndex('orders_payment_expiry')
        .on('orders')
        .columns(['status', 'payment_expires_at'])
        .execute();

      await createPayments(db, dialect, ts);
      // The attempt whose approval took the order to its branch: what staff refund from.
      await db.schema
        .alterTable('orders')
        .addColumn('paid_payment_id', 'integer', (c) => c.references('payments.id'))
        .execute();
      await createRefunds(db, dialect, ts);
      await createPaymentEvents(db, dialect, ts);
    },
  };
}

async function createPayments(db: AnyDb, dialect: DialectName, ts: Timestamp) {
  await withId(db.schema.createTable('payments'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    // Comanda's reference for this attempt: what the provider's checkout and events carry.
    .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          sql`status in ('pending', 'approved', 'declined', 'voided', 'error', 'abandoned', 'mismatch')`,
        ),
    )
    .addColumn('transaction_id', 'varchar(100)')
    .addColumn('method', 'varchar(40)')
    // What the provider said it charged when that differs from `amount` (status `mismatch`).
    .addColumn('provider_amount', 'integer')
    // The provider's checkout refuses to take the money after this instant.
    .addColumn('checkout_expires_at', ts, (c) => c.notNull())
    // Reconciliation asks the provider about a pending attempt at this instant (then later).
    .addColumn('next_check_at', ts, (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('approved_at', ts)
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();
  await db.schema
    .createIndex('payments_transaction')
    .on('payments')
    .columns(['provider', 'transaction_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payments_due_check')
    .on('payments')
    .columns(['status', 'next_check_at'])
    .execute();
  await db.schema.createIndex('payments_created').on('payments').column('created_at').execute();
}

async function createRefunds(db: AnyDb, dialect: DialectName, ts: Timestamp) {
  await withId(db.schema.createTable('refunds'), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    // 1: Comanda made it by itself (a rejection, a cancellation, money that came too late).
    .addColumn('automatic', 'integer', flag(0))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'declined')`),
    )
    .addColumn('provider_refund_id', 'varchar(100)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('last_error', 'varchar(500)')
    // Set before the first call that may have reached the provider: a retry asks before it sends.
    .addColumn('sent_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('confirmed_at', ts)
    .execute();
  await db.schema
    .createIndex('refunds_due')
    .on('refunds')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_payment').on('refunds').column('payment_id').execute();
}

async function createPaymentEvents(db: AnyDb, dialect: DialectName, ts: Timestamp) {
  await withId(db.schema.createTable('payment_events'), dialect)
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    // webhook (the provider posted it), return (the customer came back), reconcile (we asked).
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    // A hash of what makes the event itself (its signature, or the answer's content).
    .addColumn('event_key', 'varchar(64)')
    .addColumn('transaction_id', 'varchar(100)')
    .addColumn('reference', 'varchar(64)')
    .addColumn('status', 'varchar(12)')
    .addColumn('amount', 'integer')
    .addColumn('currency', 'varchar(3)')
    // What applying it did: applied, no_change, duplicate, refused_signature, stale, mismatch…
    .addColumn('outcome', 'varchar(30)', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('received_at', ts, (c) => c.notNull())
    // The body as received, cut at 8 KB.
    .addColumn('body', 'text')
    .execute();
  await db.schema
    .createIndex('payment_events_key')
    .on('payment_events')
    .column('event_key')
    .execute();
  await db.schema
    .createIndex('payment_events_payment')
    .on('payment_events')
    .column('payment_id')
    .execute();
}
