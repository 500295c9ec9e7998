import type { AnyDb, Migration } from './helpers';

/**
 * One index fewer for every order to write (decision 027). Each index on `orders` is one more
 * B-tree insert per order on the placement path, the path the chain's busiest minutes run on.
 * `orders_user_created (user_id, id)` served the history's `before` cursor; the history now walks
 * `orders_user_seq` for a cursor too, from the cursor order's own position.
 */
export function leanerOrderIndexesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropIndex('orders_user_created').execute();
    },
  };
}
