import { Migrator, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './dialect';
import { catalogMigration } from './migrations/001-catalog';
import { accountsAndOrdersMigration } from './migrations/002-accounts-and-orders';
import { marketingMigration } from './migrations/003-marketing';
import { sessionsMigration } from './migrations/005-sessions';

/**
 * Migrations live in code (not read from a folder at run time) so the bundled server carries
 * them. Names sort in the order they run; never rename or edit one that has shipped.
 */
function migrationsFor(dialect: DatabaseHandle['dialect']) {
  return {
    '001-catalog': catalogMigration(dialect),
    '002-accounts-and-orders': accountsAndOrdersMigration(dialect),
    '003-marketing': marketingMigration(dialect),
    '005-sessions': sessionsMigration(dialect),
  };
}

export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
