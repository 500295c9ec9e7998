import { sql } from 'kysely';
import type { AnyDb, Migration } from './helpers';

/**
 * Every entity the back office writes gets the `version` products had since migration 008
 * (decision 032): raised by each committed change, and compared with the version an editor
 * read, so two people saving the same thing cannot silently overwrite each other. A branch's
 * version also covers its hours, exceptions and delivery zones (one editor, one branch); the
 * social links are one form, whose version is the highest of their rows'. An integer with a
 * default and a check reads the same in both dialects (decision 003); existing rows start at 1.
 */
export const VERSIONED_TABLES = [
  'categories',
  'branches',
  'branch_products',
  'banners',
  'coupons',
  'payment_types',
  'parameters',
  'social_links',
  'users',
] as const;

export function versionsOnAdminEntitiesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const table of VERSIONED_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`version >= 1`),
          )
          .execute();
      }
    },
  };
}
