import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

type Timestamp = ReturnType<typeof timestampType>;

// A migration is a snapshot: it names its columns rather than import the module's list.
const HOUR_COUNTERS = [
  'orders',
  'sale_orders',
  'sales',
  'discounts',
  'refunds',
  'rejected',
  'cancelled',
  'scheduled_orders',
  'scheduled_sales',
  'coupon_orders',
  'coupon_sales',
  'promise_measured',
  'promise_kept',
] as const;

/**
 * Informes' coarser rollups (decision 069, "Days and the chain's hours"), derived from the hourly
 * ones in the same transaction that rewrites them:
 * - `insight_days`, `insight_day_dims`, `insight_day_products`, `insight_day_options`: the hourly
 *   tables added up per branch and chain day (`bucket`, the day's first instant). A report's
 *   period is whole chain days, so its sums read a day row where they read 24 hour rows.
 * - `insight_chain_hours`: every branch's hour added up (`bucket`), for the charts by hour and
 *   weekday of the whole chain, which read one row an hour instead of one per branch.
 * - `insight_state.days_built`: 0 until the day tables and the chain's hours are made from the
 *   hours already there (by the next catch-up, from the hours alone: seconds, where rebuilding
 *   from the orders took half an hour at 2 M orders); a rebuild sets it.
 */
export function insightDaysMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await createCounters(db, ts, 'insight_days', true);
      await createCounters(db, ts, 'insight_chain_hours', false);
      await createBreakdowns(db, ts);
      await db.schema
        .alterTable('insight_state')
        .addColumn('days_built', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

async function createCounters(db: AnyDb, ts: Timestamp, name: string, perBranch: boolean) {
  let table = db.schema.createTable(name);
  if (perBranch) table = table.addColumn('branch_id', 'integer', (c) => c.notNull());
  table = table.addColumn('bucket', ts, (c) => c.notNull());
  for (const counter of HOUR_COUNTERS)
    table = table.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  const key: string[] = perBranch ? ['branch_id', 'bucket'] : ['bucket'];
  // Kysely types a created table's columns as it builds them; this one is built in a loop.
  await table.addPrimaryKeyConstraint(`${name}_pk`, key as never[]).execute();
  if (perBranch) await db.schema.createIndex(`${name}_bucket`).on(name).column('bucket').execute();
}

async function createBreakdowns(db: AnyDb, ts: Timestamp) {
  await db.schema
    .createTable('insight_day_dims')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addColumn('fees', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_day_dims_pk', ['branch_id', 'bucket', 'kind', 'key'])
    .execute();
  await db.schema
    .createTable('insight_day_products')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_day_products_pk', ['branch_id', 'bucket', 'product_id'])
    .execute();
  await db.schema
    .createTable('insight_day_options')
    .addColumn('branch_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_day_options_pk', ['branch_id', 'bucket', 'title'])
    .execute();
  for (const table of ['insight_day_dims', 'insight_day_products', 'insight_day_options']) {
    await db.schema.createIndex(`${table}_bucket`).on(table).column('bucket').execute();
  }
}
