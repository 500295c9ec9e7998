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
 * Informes' days of the whole chain (decision 069, "Days and the chain's hours"): the day tables
 * of migration 032 added up over every branch, per chain day (`bucket`), so a chain-wide report
 * reads a row per day and key however many branches the chain has:
 * `insight_chain_days`, `insight_chain_day_dims`, `insight_chain_day_products`,
 * `insight_chain_day_options`. `insight_state.days_built` back to 0: the next catch-up makes
 * them, with the branches' days, from the hours already there.
 */
export function insightChainDaysMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      let days = db.schema
        .createTable('insight_chain_days')
        .addColumn('bucket', ts, (c) => c.notNull().primaryKey());
      for (const counter of HOUR_COUNTERS)
        days = days.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
      await days.execute();
      await createBreakdowns(db, ts);
      await db.updateTable('insight_state').set({ days_built: 0 }).execute();
    },
  };
}

async function createBreakdowns(db: AnyDb, ts: Timestamp) {
  await db.schema
    .createTable('insight_chain_day_dims')
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addColumn('fees', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_chain_day_dims_pk', ['bucket', 'kind', 'key'])
    .execute();
  await db.schema
    .createTable('insight_chain_day_products')
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sales', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_chain_day_products_pk', ['bucket', 'product_id'])
    .execute();
  await db.schema
    .createTable('insight_chain_day_options')
    .addColumn('bucket', ts, (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_chain_day_options_pk', ['bucket', 'title'])
    .execute();
}
