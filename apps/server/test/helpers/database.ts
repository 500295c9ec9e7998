import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
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

const markPostgresDatabase = (name: string) => {
  mkdirSync(join(POSTGRES_MARKER, '..'), { recursive: true });
  appendFileSync(POSTGRES_MARKER, `${name}\n`);
};

/** TEST_DATABASE_URL: the PostgreSQL server and database the tests work in, as its superuser. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('COMANDA_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * Runs one statement as TEST_DATABASE_URL's user (a superuser in tests), on a connection of its
 * own; `url` names another database of that server (the global setup reads it from the project's
 * env, not the process's).
 */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = adminUrl(),
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL's server, database `name`. */
function databaseUrl(url: string, name: string) {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.href;
}

const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

/** An SQLite file in a temporary folder of its own, which `drop` removes. */
function sqliteFile(prefix = 'comanda-test-'): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    url: join(dir, 'comanda.db'),
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database for one test file: an SQLite file, or a PostgreSQL schema. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const url = adminUrl();
    const schema = uniqueName('t');
    await adminQuery(`create schema ${schema}`, [], url);
    markPostgresDatabase(schema);
    return {
      url,
      schema,
      drop: async () => void (await adminQuery(`drop schema if exists ${schema} cascade`, [], url)),
    };
  }
  return sqliteFile();
}

/**
 * The demo chain, migrated and seeded once per run (test/global-setup.ts) for the test files to
 * copy: a PostgreSQL database that `create database … template` copies in tens of milliseconds,
 * or an SQLite file. Migrating and seeding took 1.3 s a file on PostgreSQL, 80 ms on SQLite.
 * The demo's promotions depend on the day (a Tuesday 2x1 on burgers): they are taken out, so
 * that no suite prices differently on a Tuesday; the promotions' own tests make the rules they test.
 */
export async function createSeededTemplate(
  dialect: 'sqlite' | 'postgres',
  serverUrl: string | undefined,
): Promise<{ template: string; drop(): Promise<void> }> {
  if (dialect === 'postgres') {
    const server = serverUrl ?? adminUrl();
    const name = uniqueName('comanda_template');
    await adminQuery(`create database ${name}`, [], server);
    await seedWithoutPromotions(databaseUrl(server, name));
    return {
      template: name,
      drop: async () => void (await adminQuery(`drop database ${name} with (force)`, [], server)),
    };
  }
  const file = sqliteFile('comanda-template-');
  await seedWithoutPromotions(file.url);
  return { template: file.url, drop: file.drop };
}

async function seedWithoutPromotions(url: string) {
  const handle = await openDatabase({ url, seedDemo: true });
  await handle.db.deleteFrom('promotions').execute();
  // SQLite writes the WAL back into the file as its last connection closes: the file is whole.
  await handle.db.destroy();
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The seeded database of this run (createSeededTemplate): its name, or its SQLite file. */
    seededTemplate: string;
  }
}

/** A copy of the run's seeded template, for one test file. */
async function copyOfSeededTemplate(): Promise<TestDatabase> {
  const template = inject('seededTemplate');
  if (testDialect === 'postgres') {
    const server = adminUrl();
    const name = uniqueName('t');
    await adminQuery(`create database ${name} template ${template}`, [], server);
    markPostgresDatabase(name);
    return {
      url: databaseUrl(server, name),
      drop: async () =>
        void (await adminQuery(`drop database if exists ${name} with (force)`, [], server)),
    };
  }
  const copy = sqliteFile();
  copyFileSync(template, copy.url);
  return copy;
}

/**
 * An open database with the demo chain (a copy of the run's seeded template, without its
 * promotions), or, with `seedDemo: false`, an empty one, migrated. Opening runs the server's own
 * start (migrations, then the demo seed): on a copy there is nothing left for either to do.
 */
export async function openTestDatabase({ seedDemo = true } = {}) {
  const target = seedDemo ? await copyOfSeededTemplate() : await createEmptyDatabase();
  const handle = await openDatabase({
    url: target.url,
    seedDemo,
    ...(target.schema ? { schema: target.schema } : {}),
  });
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
