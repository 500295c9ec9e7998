import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import type { AnyDb, Migration } from './helpers';

/**
 * An order history that costs the same at any depth (decision 018).
 *
 * - `orders.user_seq`: an order's position among its customer's orders (1 = the first), given at
 *   placement, so page N of the history is a range of positions read through an index instead of
 *   an OFFSET that walks every newer order.
 * - `user_order_counts`: how many orders each customer has, kept in the transaction that stores
 *   them, so the history's `total` is one row instead of a count of all of them.
 */
export function orderHistoryAndCountsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      // Nullable: SQLite cannot add a NOT NULL column without a constant default. Every order
      // placed from now on has one, and those already stored are numbered here.
      await db.schema.alterTable('orders').addColumn('user_seq', 'integer').execute();
      await sql`
        update orders set user_seq = numbered.n
        from (select id, row_number() over (partition by user_id order by id) as n from orders) as numbered
        where numbered.id = orders.id
      `.execute(db);
      await db.schema
        .createIndex('orders_user_seq')
        .unique()
        .on('orders')
        .columns(['user_id', 'user_seq'])
        .execute();

      await db.schema
        .createTable('user_order_counts')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('orders', 'integer', (c) => c.notNull().check(sql`orders >= 0`))
        .execute();
      await sql`insert into user_order_counts (user_id, orders) select user_id, count(*) from orders group by user_id`.execute(
        db,
      );
    },
  };
}
