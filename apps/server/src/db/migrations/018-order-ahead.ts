import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

/** Scheduled orders a branch takes per 15-minute slot unless its admin says otherwise. */
export const ORDERS_PER_SLOT_DEFAULT = 6;

/**
 * Order ahead (decision 037). An order may be scheduled for a 15-minute slot: `scheduled_for` is
 * the slot's start (null: as soon as possible) and `fire_at` the instant the kitchen must start it
 * (the slot minus its preparation; null for orders placed before this migration, which fired when
 * placed). Each branch takes at most `orders_per_slot` scheduled orders and `units_per_slot`
 * units in a slot (null: unlimited); `branch_slot_counts` keeps what each slot has taken, one
 * row per (branch, slot), raised by a conditional UPDATE inside the placement's transaction, so
 * the last place in a slot is taken exactly once on any number of nodes. The slot is its start
 * as ISO text in both dialects: an exact key, compared as written.
 */
export function orderAheadMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('orders')
        .addColumn('scheduled_for', timestampType(dialect))
        .execute();
      await db.schema.alterTable('orders').addColumn('fire_at', timestampType(dialect)).execute();
      await db.schema
        .alterTable('branches')
        .addColumn('orders_per_slot', 'integer', (c) =>
          c.defaultTo(ORDERS_PER_SLOT_DEFAULT).check(sql`orders_per_slot >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('branches')
        .addColumn('units_per_slot', 'integer', (c) => c.check(sql`units_per_slot >= 0`))
        .execute();
      await db.schema
        .createTable('branch_slot_counts')
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('slot_start', 'text', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('units', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('branch_slot_counts_pk', ['branch_id', 'slot_start'])
        .execute();
      // The console's Programados lane and the promise's "due soon" read scheduled orders by time.
      await db.schema
        .createIndex('orders_branch_fire_at')
        .on('orders')
        .columns(['branch_id', 'fire_at'])
        .where(sql.ref('scheduled_for'), 'is not', null)
        .execute();
    },
  };
}
