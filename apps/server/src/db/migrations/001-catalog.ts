import { sql } from 'kysely';
import type { DialectName } from '../dialect';
import { flag, timestampType, withId, type AnyDb, type Migration } from './helpers';

const sqlBetween = (column: string, min: number, max: number) =>
  sql`${sql.ref(column)} between ${sql.lit(min)} and ${sql.lit(max)}`;
const sqlAtLeast = (column: string, min: number) => sql`${sql.ref(column)} >= ${sql.lit(min)}`;

/** Branches, the menu and its per-branch state, marketing lists, users. */
export function catalogMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('branches'), dialect)
        .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('address', 'varchar(200)', (c) => c.notNull())
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('city', 'varchar(80)', (c) => c.notNull())
        .addColumn('delivery_available', 'integer', flag(1))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', flag(1))
        .execute();

      await withId(db.schema.createTable('branch_hours'), dialect)
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('weekday', 'integer', (c) => c.notNull().check(sqlBetween('weekday', 0, 6)))
        .addColumn('opens', 'varchar(5)', (c) => c.notNull())
        .addColumn('closes', 'varchar(5)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('branch_hours_branch')
        .on('branch_hours')
        .column('branch_id')
        .execute();

      await withId(db.schema.createTable('branch_delivery_zones'), dialect)
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('neighbourhood', 'varchar(120)', (c) => c.notNull())
        .addUniqueConstraint('branch_delivery_zones_unique', ['branch_id', 'neighbourhood'])
        .execute();

      await withId(db.schema.createTable('categories'), dialect)
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('photo', 'varchar(300)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', flag(1))
        .execute();

      await withId(db.schema.createTable('products'), dialect)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_eco', 'varchar(300)', (c) => c.notNull())
        .addColumn('image', 'varchar(300)', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull().check(sqlAtLeast('price', 0)))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', flag(1))
        .execute();
      await db.schema
        .createIndex('products_category')
        .on('products')
        .column('category_id')
        .execute();

      await db.schema
        .createTable('branch_products')
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('price', 'integer', (c) => c.check(sqlAtLeast('price', 0)))
        .addColumn('sold_out', 'integer', flag(0))
        .addColumn('offered', 'integer', flag(1))
        .addPrimaryKeyConstraint('branch_products_pk', ['branch_id', 'product_id'])
        .execute();

      await withId(db.schema.createTable('modifiers'), dialect)
        .addColumn('title', 'varchar(120)', (c) => c.notNull().unique())
        .execute();

      await withId(db.schema.createTable('modifier_groups'), dialect)
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('required', 'integer', flag(0))
        .addColumn('type_input', 'integer', (c) =>
          c.notNull().check(sqlBetween('type_input', 1, 2)),
        )
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('modifier_groups_product')
        .on('modifier_groups')
        .column('product_id')
        .execute();

      await withId(db.schema.createTable('modifier_options'), dialect)
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('modifier_groups.id').onDelete('cascade'),
        )
        .addColumn('modifier_id', 'integer', (c) => c.notNull().references('modifiers.id'))
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('price', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sqlAtLeast('price', 0)),
        )
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('modifier_options_group')
        .on('modifier_options')
        .column('group_id')
        .execute();

      await withId(db.schema.createTable('banners'), dialect)
        .addColumn('title', 'varchar(160)', (c) => c.notNull())
        .addColumn('image', 'varchar(300)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', flag(1))
        .execute();

      await withId(db.schema.createTable('payment_types'), dialect)
        .addColumn('description', 'varchar(120)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', flag(1))
        .execute();

      await withId(db.schema.createTable('parameters'), dialect)
        .addColumn('segment', 'varchar(60)', (c) => c.notNull())
        .addColumn('description', 'varchar(160)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('parameters_segment')
        .on('parameters')
        .column('segment')
        .execute();

      await withId(db.schema.createTable('coupons'), dialect)
        .addColumn('branch_id', 'integer', (c) =>
          c.notNull().references('branches.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(160)', (c) => c.notNull())
        .addColumn('description', 'varchar(400)', (c) => c.notNull())
        .addColumn('main_image', 'varchar(300)', (c) => c.notNull())
        .addColumn('confirmation_image', 'varchar(300)', (c) => c.notNull())
        .addColumn('active', 'integer', flag(1))
        .execute();
      await db.schema.createIndex('coupons_branch').on('coupons').column('branch_id').execute();

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('phone', 'varchar(10)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('customer'))
        .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
        .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
