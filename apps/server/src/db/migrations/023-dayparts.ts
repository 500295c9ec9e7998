import type { AnyDb, Migration } from './helpers';

/**
 * Menus by daypart (decision 047): the windows in which a category or a product is offered, as a
 * JSON list on its own row (`[]`: always). They are read with the row they belong to (the
 * catalogue, placement's menu, the back office's editor) and replaced whole with it, so they
 * need no table, no join and no write path of their own.
 */
export function daypartsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of ['categories', 'products'])
        await db.schema
          .alterTable(table)
          .addColumn('dayparts', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
    },
  };
}
