import { sql } from 'kysely';
import type { AnyDb, Migration } from './helpers';

/**
 * Delivery done before the cart and every detail at the door (decision 029).
 *
 * - `branch_delivery_zones.delivery_minutes`: the trip from the branch to the zone, added to the
 *   estimate the customer reads before ordering (`deliveryEstimate`). Existing zones get 20.
 * - `orders.address_notes`: the saved address's notes (tower, apartment, reference) as they were
 *   when ordered, so a later edit of the address never changes a placed order; null for pickup.
 * - `orders.customer_phone`: the phone the order was placed with, for the same reason. Null on
 *   orders placed before this migration, whose answers keep showing the account's phone.
 */
export function deliveryDetailsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema
        .alterTable('branch_delivery_zones')
        .addColumn('delivery_minutes', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(20)
            .check(sql`delivery_minutes >= 0 and delivery_minutes <= 180`),
        )
        .execute();
      await db.schema.alterTable('orders').addColumn('address_notes', 'text').execute();
      await db.schema.alterTable('orders').addColumn('customer_phone', 'text').execute();
    },
  };
}
