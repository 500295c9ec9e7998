import type { AnyDb, Migration } from './helpers';

/**
 * A note per order line («Sin cebolla») and the courier's tip on the order (product.md «A note
 * per line», «A tip for the courier», decision 085). The note is the line's own text, `''`: none;
 * the tip is whole pesos kept apart from `total` (the sale), 0: none. Additions with a default:
 * the previous release's inserts and reads are unaffected (decision 081).
 */
export function lineNotesAndTipsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('order_lines')
        .addColumn('note', 'varchar(140)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('tip', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
