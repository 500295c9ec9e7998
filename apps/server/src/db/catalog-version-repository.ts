import type { Kysely } from 'kysely';
import type { Database } from './types';

/** The catalogue's change counter (migration 016, decision 028): one row, id 1. */
export function createCatalogVersionRepository(db: Kysely<Database>) {
  return {
    /** Counts one published change and answers the new count. */
    async bump(): Promise<number> {
      const row = await db
        .updateTable('catalog_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .returning('version')
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },

    async current(): Promise<number> {
      const row = await db
        .selectFrom('catalog_version')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.version);
    },
  };
}

export type CatalogVersionRepository = ReturnType<typeof createCatalogVersionRepository>;
