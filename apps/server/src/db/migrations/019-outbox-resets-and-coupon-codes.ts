import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * Talking to the customer (decision 038):
 * - `outbox`: every message is written here in the transaction of the change that causes it; a
 *   sender claims due rows (a conditional UPDATE, so two nodes never both take one), delivers
 *   them and marks them sent, retrying with backoff.
 * - `password_reset_tokens`: the hash of each emailed reset link's token, single use, short-lived.
 * - coupon terms on `coupons`, and `coupon_codes`: the unique code a discount signup issues, with
 *   the terms copied at issue time and, once redeemed, the order and the customer that used it.
 * - `orders.discount` and `orders.coupon_code_id`: what a code took off an order's total.
 */
export function outboxResetsAndCouponCodesMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('outbox'), dialect)
        // What caused it ("password-reset", "coupon-code"…), for the back office and the logs.
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        // pending → sent, or failed after the last attempt.
        .addColumn('status', 'varchar(10)', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'sent', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // When the sender may next try it: a claim moves it ahead by the claim's lease.
        .addColumn('next_attempt_at', ts, (c) => c.notNull())
        // The claim of the node delivering it right now (a random token), cleared when done.
        .addColumn('claim_token', 'varchar(64)')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('sent_at', ts)
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await withId(db.schema.createTable('password_reset_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      // The coupon's terms: a percentage or an amount off, a minimum order, days a code lasts.
      for (const [name, value] of [
        ['discount_percent', 10],
        ['discount_amount', 0],
        ['min_order', 0],
        ['valid_days', 30],
      ] as const) {
        await db.schema
          .alterTable('coupons')
          .addColumn(name, 'integer', (c) =>
            c
              .notNull()
              .defaultTo(value)
              .check(sql`${sql.ref(name)} >= 0`),
          )
          .execute();
      }

      await withId(db.schema.createTable('coupon_codes'), dialect)
        .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        // One code per signup, so one per email and branch (the signup's own unique pair).
        .addColumn('signup_id', 'integer', (c) =>
          c.notNull().unique().references('discount_signups.id'),
        )
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('discount_percent', 'integer', (c) => c.notNull())
        .addColumn('discount_amount', 'integer', (c) => c.notNull())
        .addColumn('min_order', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('redeemed_at', ts)
        .addColumn('redeemed_by', 'integer', (c) => c.references('users.id'))
        .execute();
      // Once per customer and branch, even when two orders race: NULLs (unredeemed) never clash.
      await db.schema
        .createIndex('coupon_codes_branch_customer')
        .on('coupon_codes')
        .columns(['branch_id', 'redeemed_by'])
        .unique()
        .execute();

      await db.schema
        .alterTable('orders')
        .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('coupon_code_id', 'integer', (c) => c.references('coupon_codes.id'))
        .execute();
    },
  };
}
