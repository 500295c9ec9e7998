import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

/**
 * A customer's rating of a finished order (product.md «Rating an order»): one row per order, its
 * primary key, so a second rating is refused by the database itself whatever two requests race.
 * `branch_id` is the order's, copied so the back office's average per branch reads this table
 * alone. A new table only: the previous release never reads it (decision 081).
 */
export function orderRatingsMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('order_ratings')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_ratings_branch_created')
        .on('order_ratings')
        .columns(['branch_id', 'created_at'])
        .execute();
    },
  };
}
