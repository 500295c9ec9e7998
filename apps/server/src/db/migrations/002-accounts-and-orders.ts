import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { timestampType, withId, type AnyDb, type Migration } from './helpers';

/**
 * Sessions (access tokens), favourites, delivery addresses, and orders with their lines and
 * status history. Orders keep a snapshot of titles and prices: the menu may change later, the
 * order must not.
 */
export function accountsAndOrdersMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // SHA-256 of the token, hex: the token itself is never stored (decision 005).
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('revoked_at', ts)
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'product_id'])
        .execute();

      await withId(db.schema.createTable('addresses'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('label', 'varchar(40)', (c) => c.notNull())
        .addColumn('address', 'varchar(160)', (c) => c.notNull())
        .addColumn('neighbourhood', 'varchar(80)', (c) => c.notNull())
        .addColumn('city', 'varchar(80)', (c) => c.notNull())
        .addColumn('notes', 'varchar(240)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('deleted_at', ts)
        .execute();
      await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();

      await withId(db.schema.createTable('orders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
        // Client-generated; with user_id it makes placing an order idempotent.
        .addColumn('client_order_id', 'varchar(64)', (c) => c.notNull())
        // product.md «Entities» order type: 1 Recoger, 2 Domicilio.
        .addColumn('type_delivery', 'integer', (c) =>
          c.notNull().check(sql`type_delivery in (1, 2)`),
        )
        .addColumn('address_id', 'integer', (c) => c.references('addresses.id'))
        // The delivery address as it was when ordered (or the branch address for pickup).
        .addColumn('address', 'varchar(300)', (c) => c.notNull())
        .addColumn('payment_type_id', 'integer', (c) => c.notNull().references('payment_types.id'))
        .addColumn('payment_description', 'varchar(120)', (c) => c.notNull())
        .addColumn('observation', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('orders_client_order_id', ['user_id', 'client_order_id'])
        .execute();
      await db.schema
        .createIndex('orders_user_created')
        .on('orders')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_branch_status')
        .on('orders')
        .columns(['branch_id', 'status'])
        .execute();

      await withId(db.schema.createTable('order_lines'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('slug', 'varchar(120)', (c) => c.notNull())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('image', 'varchar(300)', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
        // The chosen options as they were: [{group_id, group_title, option_id, title, price}].
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_lines_order')
        .on('order_lines')
        .column('order_id')
        .execute();

      await withId(db.schema.createTable('order_status_history'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_status_history_order')
        .on('order_status_history')
        .column('order_id')
        .execute();
    },
  };
}
