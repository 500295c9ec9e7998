import type { AnyDb, Migration } from './helpers';

/**
 * A counter of catalogue changes (decision 028): every change the catalogue publishes also adds
 * one here, after its own commit. Nodes hear changes through Redis; one that missed some (Redis
 * away, a message lost) sees the counter ahead of the last change it heard and drops everything
 * it derived from the catalogue, instead of serving it until the cache's TTL.
 */
export function catalogVersionMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('catalog_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('catalog_version').values({ id: 1, version: 0 }).execute();
    },
  };
}
