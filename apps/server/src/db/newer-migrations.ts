import { DEFAULT_MIGRATION_TABLE, sql, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './dialect';
import type { Migration } from './migrations/helpers';

/**
 * A database a newer release has migrated further is not "corrupted": during a rolling deploy the
 * previous release keeps running, and a node of it that restarts (or a rollback to it) must start
 * on the newer schema, which expand-then-contract keeps good for it (decision 081). Kysely's
 * Migrator refuses a recorded migration it was not given, so this provider gives it the ones this
 * version does not know as already run: they never run here, and `newer` names them for the log.
 */
export async function toleratingNewer(
  handle: DatabaseHandle,
  migrations: Record<string, Migration>,
): Promise<{ provider: MigrationProvider; newer: string[] }> {
  // SQLite's one connection is the Migrator's while it runs: its record is read before. On
  // PostgreSQL it is read under the Migrator's lock, through the pool's other connection, so a
  // newer node migrating at the same moment is seen whole.
  const readBefore = handle.dialect === 'sqlite' ? await executedMigrations(handle) : undefined;
  const newer: string[] = [];
  const getMigrations = async () => {
    const executed = readBefore ?? (await executedMigrations(handle));
    newer.splice(0, newer.length, ...executed.filter((name) => !Object.hasOwn(migrations, name)));
    return withNewerOnes(migrations, executed, newer);
  };
  return { provider: { getMigrations }, newer };
}

/**
 * This version's migrations plus, as already run, the ones a newer release recorded. A database
 * that has newer migrations and lacks some of this version's was migrated by another line of
 * releases (a branch deployed and abandoned): nothing is run on it and the start fails.
 */
function withNewerOnes(
  migrations: Record<string, Migration>,
  executed: string[],
  newer: string[],
): Record<string, Migration> {
  if (newer.length === 0) return migrations;
  const lacking = Object.keys(migrations).filter((name) => !executed.includes(name));
  if (lacking.length > 0)
    throw new Error(
      `The database has migrations this version does not know (${newer.join(', ')}) and lacks some it has (${lacking.join(', ')}): another line of releases migrated it. Not starting on it.`,
    );
  const alreadyRun: Migration = {
    up: () => Promise.reject(new Error("a newer release's migration never runs here")),
  };
  return { ...migrations, ...Object.fromEntries(newer.map((name) => [name, alreadyRun])) };
}

/** The names Kysely recorded as run; none before its first run. */
async function executedMigrations({ db, dialect }: DatabaseHandle): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`.execute(db);
    if (rows.length === 0) return [];
  }
  // On PostgreSQL this runs once the Migrator has made its table, in the current schema.
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name);
}
