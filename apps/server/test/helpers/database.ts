import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connect } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import type { ThreadDatabase } from '../../src/db/thread-connection';

/**
 * Which database this run of the suite uses. vitest.config.ts runs the server suite once per
 * dialect: `server-sqlite` always, `server-postgres` when TEST_DATABASE_URL is set.
 */
export const testDialect = process.env.COMANDA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Written when a PostgreSQL test database was really created, so CI can prove that suite ran. */
const POSTGRES_MARKER = fileURLToPath(
  new URL('../../../../test-results/postgres-suite-ran', import.meta.url),
);

export interface TestDatabase {
  url: string;
  schema?: string;
  /** Drops what this database holds. */
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: an SQLite file, or a PostgreSQL schema. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('COMANDA_TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    mkdirSync(join(POSTGRES_MARKER, '..'), { recursive: true });
    appendFileSync(POSTGRES_MARKER, `${schema}\n`);
    return {
      url,
      schema,
      async drop() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'comanda-test-'));
  return {
    url: join(dir, 'comanda.db'),
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An empty database, migrated and (by default) seeded with the demo chain. The demo's
 * promotions depend on the day (a Tuesday 2x1 on burgers): they are taken out, so that no suite
 * prices differently on a Tuesday; the promotions' own tests make the rules they test.
 */
export async function openTestDatabase({ seedDemo = true } = {}) {
  const target = await createEmptyDatabase();
  const handle = await openDatabase({
    url: target.url,
    seedDemo,
    ...(target.schema ? { schema: target.schema } : {}),
  });
  await handle.db.deleteFrom('promotions').execute();
  return { handle, target };
}

/**
 * An in-memory SQLite database, migrated and empty: enough for an app that is only started (its
 * start reads a few tables: secrets left in the clear are sealed), on either suite.
 */
export async function emptyInMemoryDatabase() {
  const handle = connect({ url: ':memory:' });
  await migrateToLatest(handle);
  return handle;
}

/**
 * A database a thread of the node cannot reach, beside the one it would: a folder where the
 * SQLite file should be, or a PostgreSQL port nobody listens on.
 */
export function unreachableDatabase(beside: ThreadDatabase): ThreadDatabase {
  if ('sqliteFile' in beside) {
    const folder = join(dirname(beside.sqliteFile), `a-folder-${randomUUID()}`);
    mkdirSync(folder);
    return { sqliteFile: folder };
  }
  const url = new URL(beside.postgres.url);
  url.port = '1';
  return { postgres: { ...beside.postgres, url: url.href } };
}
