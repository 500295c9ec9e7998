import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

type Timestamp = ReturnType<typeof timestampType>;

/**
 * Informes' rollups (decision 069): what the reports read instead of the orders, kept by a
 * catch-up that recomputes the hours touched by changed orders.
 * - `insight_hours`: per branch and hour of the chain's clock (`bucket`, the hour's start as a
 *   UTC instant) the orders that reached the branch, the sales among them (net of refunds), their
 *   discounts and refunds, rejections, cancellations, scheduled and coupon sales, and the
 *   promise measured and kept.
 * - `insight_hour_dims`: the same hours split by one dimension (`kind`: type of delivery,
 *   payment, neighbourhood, rejection and cancellation reasons, lateness bucket; `key` its value).
 * - `insight_hour_products`, `insight_hour_options`: units and sales of each product, times each
 *   option was chosen.
 * - `insight_hour_customers`: who bought in each hour (distinct customers over a period).
 * - `insight_customers`, `insight_branch_customers`: each customer's first sale ever, in the
 *   chain and at each branch, and whether they bought again within 30 days of it.
 * - `insight_state`: one row, the catch-up's watermark (null: never built) and its lock.
 * - `orders_updated`: the catch-up finds changed orders by `updated_at`.
 * Every rollup's key starts with (branch_id, bucket): reports read a branch's (or every
 * branch's) range of hours, and the catch-up replaces whole (branch, hour) buckets.
 */
export function insightRollupsMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await createHours(db, ts);
      await createHourBreakdowns(db, ts);
      await createCustomers(db, ts);
      await db.schema
        .createTable('insight_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('watermark', ts)
        .addColumn('building_at', ts)
        .addColumn('locked_at', ts)
        .execute();
      await db.insertInto('insight_state').values({ id: 1 }).execute();
      await db.schema.createIndex('orders_updated').on('orders').column('updated_at').execute();
    },
  };
}

const counter = (name: string) => [name, 'integer'] as const;

async function createHours(db: AnyDb, ts: Timestamp) {
  let table = db.schema
    .createTable('insight_hours')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull());
  for (const [name, type] of [
    counter('orders'),
    counter('sale_orders'),
    counter('sales'),
    counter('discounts'),
    counter('refunds'),
    counter('rejected'),
    counter('cancelled'),
    counter('scheduled_orders'),
    counter('scheduled_sales'),
    counter('coupon_orders'),
    counter('coupon_sales'),
    counter('promise_measured'),
    counter('promise_kept'),
  ]) {
    table = table.addColumn(name, type, (c) => c.notNull().defaultTo(0));
  }
  await table.addPrimaryKeyConstraint('insight_hours_pk', ['branch_id', 'bucket']).execute();
  // Every branch's hours of a period (the chain's reports), without a branch to start from.
  await db.schema
    .createIndex('insight_hours_bucket')
    .on('insight_hours')
    .column('bucket')
    .execute();
}

async function createHourBreakdowns(db: AnyDb, ts: Timestamp) {
  await db.schema
    .createTable('insight_hour_dims')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addColumn('fees', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_hour_dims_pk', ['branch_id', 'bucket', 'kind', 'key'])
    .execute();
  await db.schema
    .createTable('insight_hour_products')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_hour_products_pk', ['branch_id', 'bucket', 'product_id'])
    .execute();
  await db.schema
    .createTable('insight_hour_options')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_hour_options_pk', ['branch_id', 'bucket', 'title'])
    .execute();
  for (const table of ['insight_hour_dims', 'insight_hour_products', 'insight_hour_options']) {
    await db.schema.createIndex(`${table}_bucket`).on(table).column('bucket').execute();
  }
}

async function createCustomers(db: AnyDb, ts: Timestamp) {
  await db.schema
    .createTable('insight_hour_customers')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_hour_customers_pk', ['branch_id', 'bucket', 'user_id'])
    .execute();
  await db.schema
    .createIndex('insight_hour_customers_bucket')
    .on('insight_hour_customers')
    .column('bucket')
    .execute();
  await db.schema
    .createTable('insight_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('first_sale_at', ts, (c) => c.notNull())
    .addColumn('returned_30d', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('insight_customers_first')
    .on('insight_customers')
    .column('first_sale_at')
    .execute();
  await db.schema
    .createTable('insight_branch_customers')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('first_sale_at', ts, (c) => c.notNull())
    .addColumn('returned_30d', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_branch_customers_pk', ['branch_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('insight_branch_customers_first')
    .on('insight_branch_customers')
    .columns(['branch_id', 'first_sale_at'])
    .execute();
}
