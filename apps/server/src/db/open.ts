import { connect, isPostgresUrl, type DatabaseHandle } from './dialect';
import { migrateToLatest } from './migrate';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';
import { seedDemoChain } from './seed/seed';

export interface OpenOptions {
  url: string;
  seedDemo: boolean;
  schema?: string;
  /** PostgreSQL: the limits requests run under (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
  timeouts?: PostgresTimeouts;
}

export type OpenedDatabase = DatabaseHandle & {
  seeded: boolean;
  /** Migrations a newer release ran, which this version runs beside (decision 081). */
  newerMigrations: string[];
  /** How many times the migrations lost a lock to a running node and ran again (decision 110). */
  migrationLockConflicts: number;
};

/** Connects, brings the schema up to date and, on an empty database, seeds the demo chain. */
export async function openDatabase({
  url,
  seedDemo,
  schema,
  timeouts = DEFAULT_POSTGRES_TIMEOUTS,
}: OpenOptions): Promise<OpenedDatabase> {
  const target = { url, ...(schema ? { schema } : {}) };
  // On PostgreSQL, a migration on a large table may take longer than a request may: the start
  // works on connections of its own without the statement limit, then requests get theirs.
  const postgres = isPostgresUrl(url);
  const setup = connect(
    postgres
      ? { ...target, poolSize: 2, timeouts: { ...timeouts, statementMs: 0 } }
      : { ...target, onEventLoop: true },
  );
  let seeded: boolean;
  let newerMigrations: string[];
  let migrationLockConflicts: number;
  try {
    ({ newer: newerMigrations, lockConflicts: migrationLockConflicts } =
      await migrateToLatest(setup));
    seeded = seedDemo ? await seedDemoChain(setup) : false;
  } catch (error) {
    await setup.db.destroy();
    throw error;
  }
  if (!postgres) return { ...setup, seeded, newerMigrations, migrationLockConflicts };
  await setup.db.destroy();
  return {
    ...connect({ ...target, timeouts }),
    seeded,
    newerMigrations,
    migrationLockConflicts,
  };
}
