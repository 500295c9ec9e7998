import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, withId, type AnyDb, type Migration } from './helpers';

/**
 * The back office's branches. A branch may offer pickup, delivery or both (`pickup_available`,
 * next to the existing `delivery_available`); its delivery zones get a fee and a minimum order
 * (integer pesos); dated exceptions (a holiday closed, or a day with its own ranges as JSON text)
 * override the weekly hours on their date; and every order keeps the delivery fee it was charged
 * (its `total` already includes it), so later fee changes never touch placed orders.
 */
export function adminBranchesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('branches')
        .addColumn('pickup_available', 'integer', flag(1))
        .execute();

      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema
        .alterTable('branch_delivery_zones')
        .addColumn('fee', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`fee >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('branch_delivery_zones')
        .addColumn('min_order', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`min_order >= 0`),
        )
        .execute();

      await db.schema
        .alterTable('orders')
        .addColumn('delivery_fee', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`delivery_fee >= 0`),
        )
        .execute();

      await withId(db.schema.createTable('branch_exceptions'), dialect)
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        // YYYY-MM-DD on the chain's calendar: compared as text, the same in both dialects.
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('closed', 'integer', flag(0))
        // [{opens, closes}] as JSON text; empty when closed.
        .addColumn('ranges', 'text', (c) => c.notNull().defaultTo('[]'))
        .addUniqueConstraint('branch_exceptions_unique', ['branch_id', 'date'])
        .execute();
    },
  };
}
