import type { AnyDb, Migration } from './helpers';

/**
 * The chain's brand on its one row of settings (decision 046): the name the storefront, the web
 * manifest and the emails show, a short name for a phone's home screen, and the theme colour.
 * Existing chains start with the demo chain's brand, which the back office's Marca renames.
 */
export function brandMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('chain_settings')
        .addColumn('brand_name', 'varchar(60)', (c) => c.notNull().defaultTo('La Brasa Dorada'))
        .execute();
      await db.schema
        .alterTable('chain_settings')
        .addColumn('brand_short_name', 'varchar(20)', (c) => c.notNull().defaultTo('Brasa Dorada'))
        .execute();
      await db.schema
        .alterTable('chain_settings')
        .addColumn('brand_color', 'varchar(7)', (c) => c.notNull().defaultTo('#b3261e'))
        .execute();
      // The brand's own optimistic lock (decision 032): the row's `version` is the second
      // factor's, and an admin changing one must not make the other's open form stale.
      await db.schema
        .alterTable('chain_settings')
        .addColumn('brand_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
