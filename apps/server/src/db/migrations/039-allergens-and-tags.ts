import type { AnyDb, Migration } from './helpers';

/**
 * A product's allergens and dietary tags (product.md «Allergens and dietary tags»): each a JSON
 * list of stable codes (shared dietary.ts) on the product's own row, `[]`: none. Read with the
 * product (the catalogue, the back office's editor) and replaced whole by its editor, as its
 * dayparts are (migration 023), so they need no table of their own. Additions with a default:
 * the previous release's inserts and reads are unaffected (decision 081).
 */
export function allergensAndTagsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const column of ['allergens', 'tags'])
        await db.schema
          .alterTable('products')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
    },
  };
}
