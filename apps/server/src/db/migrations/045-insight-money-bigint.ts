import type { DialectName } from '../dialect';
import type { AnyDb, Migration } from './helpers';

// A migration is a snapshot: it names its tables and columns rather than import the module's.
const COUNTER_TABLES = [
  'insight_hours',
  'insight_days',
  'insight_chain_hours',
  'insight_chain_days',
];
const COUNTER_MONEY = ['sales', 'discounts', 'refunds', 'scheduled_sales', 'coupon_sales'];
const DIM_TABLES = ['insight_hour_dims', 'insight_day_dims', 'insight_chain_day_dims'];
const PRODUCT_TABLES = [
  'insight_hour_products',
  'insight_day_products',
  'insight_chain_day_products',
];

/**
 * Informes' money sums as 64-bit integers on PostgreSQL (decision 069, «Money in the rollups»):
 * a chain's day of pesos passes a 32-bit integer's 2,147,483,647 (three hundred branches selling
 * $7.2 million each), and the catch-up that adds it up then failed on every try. SQLite's
 * INTEGER is 64-bit already: nothing to do there. A widening: the previous release reads and
 * writes the same numbers (the driver parses int8 as a number, dialect.ts), so it is no contract
 * step for it (expand-only.test.ts names it).
 */
export function insightMoneyBigintMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      const columns: [string, string[]][] = [
        ...COUNTER_TABLES.map((table) => [table, COUNTER_MONEY] as [string, string[]]),
        ...DIM_TABLES.map((table) => [table, ['sales', 'fees']] as [string, string[]]),
        ...PRODUCT_TABLES.map((table) => [table, ['sales']] as [string, string[]]),
      ];
      for (const [table, names] of columns) {
        const [first, ...rest] = names as [string, ...string[]];
        // One statement per table: its rows rewritten once, whatever the number of columns.
        let alter = db.schema.alterTable(table).alterColumn(first, (c) => c.setDataType('bigint'));
        for (const name of rest) alter = alter.alterColumn(name, (c) => c.setDataType('bigint'));
        await alter.execute();
      }
    },
  };
}
