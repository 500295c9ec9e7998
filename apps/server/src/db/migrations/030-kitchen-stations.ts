import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * Kitchen stations (decision 072):
 * - `stations`: a branch's stations (Parrilla, Freidora…), in `position` order; the first is
 *   where whatever is not routed elsewhere goes. A branch without rows gets the four defaults
 *   on its first read (the module does it), so this migration creates none.
 * - `product_stations`, `category_stations`: where the back office routes a product (or, failing
 *   that, its category's products); tables beside the menu's rather than columns on it. The station is read by its *name* at the order's
 *   branch, so one choice serves every branch whose kitchen has a station of that name.
 * - `branch_product_stations`: a branch whose kitchen differs routes a product to one of its own
 *   stations, over everything else.
 * - `order_lines.bumped_at`: when a station marked the line done (null: still to make).
 */
export function kitchenStationsMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('stations'), dialect)
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addUniqueConstraint('stations_branch_name', ['branch_id', 'name'])
        .execute();
      for (const [table, key, parent] of [
        ['product_stations', 'product_id', 'products.id'],
        ['category_stations', 'category_id', 'categories.id'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn(key, 'integer', (c) => c.primaryKey().references(parent).onDelete('cascade'))
          .addColumn('station_id', 'integer', (c) =>
            c.notNull().references('stations.id').onDelete('cascade'),
          )
          .execute();
      }
      await db.schema
        .createTable('branch_product_stations')
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('station_id', 'integer', (c) =>
          c.notNull().references('stations.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('branch_product_stations_pk', ['branch_id', 'product_id'])
        .execute();
      await db.schema.alterTable('order_lines').addColumn('bumped_at', ts).execute();
    },
  };
}
