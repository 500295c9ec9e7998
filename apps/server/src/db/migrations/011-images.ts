import type { DialectName } from '../dialect';
import { timestampType, type AnyDb, type Migration } from './helpers';

/**
 * Uploaded images kept in the database (decision 015): one row per stored file, named as its URL
 * ends (`product.<hash>.w480.avif`), so every node serves every image without a shared disk.
 * Names carry a content hash, so a row is written once and never changes. Used when the image
 * store is `database` (the default on PostgreSQL); the `local` store leaves this table empty.
 */
export function imagesMigration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('images')
        .addColumn('name', 'varchar(120)', (c) => c.primaryKey())
        .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
