import type { AnyDb, Migration } from './helpers';

/**
 * Where an order came from and who took it (product.md «Orders taken by phone or at the
 * counter», decision 087): `channel` is `web` (the storefront), `telefono` or `mostrador` (placed
 * by staff from the console), and `placed_by` the staff member who placed it (null: the customer
 * did). Additions with a default: the previous release's inserts write `web` and its reads are
 * unaffected (decision 081).
 */
export function orderChannelMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('orders')
        .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
        .execute();
      await db.schema.alterTable('orders').addColumn('placed_by', 'integer').execute();
    },
  };
}
