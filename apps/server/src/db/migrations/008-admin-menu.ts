import { sql } from 'kysely';
import { flag, type AnyDb, type Migration } from './helpers';

/**
 * The back office's menu editor. Products get a `version`, raised by every save of the editor,
 * so two admins saving the same product cannot silently overwrite each other (decision 020).
 * Option groups get the least and most choices of a multiple choice (null: unset, see
 * option-rules.ts). Groups and options get `active`: one removed in the editor is hidden, never
 * deleted, because carts and past orders name their ids.
 */
export function adminMenuMigration(): Migration {
  return {
    async up(db: AnyDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema
        .alterTable('products')
        .addColumn('version', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`version >= 1`),
        )
        .execute();
      await db.schema
        .alterTable('modifier_groups')
        .addColumn('min_choices', 'integer', (c) => c.check(sql`min_choices >= 1`))
        .execute();
      await db.schema
        .alterTable('modifier_groups')
        .addColumn('max_choices', 'integer', (c) => c.check(sql`max_choices >= 1`))
        .execute();
      await db.schema
        .alterTable('modifier_groups')
        .addColumn('active', 'integer', flag(1))
        .execute();
      await db.schema
        .alterTable('modifier_options')
        .addColumn('active', 'integer', flag(1))
        .execute();
    },
  };
}
