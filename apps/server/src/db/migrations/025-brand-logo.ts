import type { DialectName } from '../dialect';
import type { AnyDb, Migration } from './helpers';

/**
 * The chain's own logo (decision 049): the uploaded image, normalised to a 512 px square PNG, on
 * the brand's row. Every icon is made from it by each node (`modules/brand/icons.ts`); null means
 * the logo the software ships with.
 */
export function brandLogoMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('chain_settings')
        .addColumn('brand_logo', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
    },
  };
}
