import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDialect } from '../helpers/database';
import {
  adminUrl,
  createProcessDatabase,
  freePort,
  killLeftoverServers,
  startServer,
  type ProcessDatabase,
} from '../helpers/server-process';

// kill -9 at random points of the first start on an empty database (migrations, then the demo
// seed), then start again: every restart must come up and leave the same complete database an
// uninterrupted start leaves. The real bundle in its own process, on SQLite and PostgreSQL.
// The kills are stratified (one at a random point of each eighth of the start), so eight of
// them cover the whole start as evenly as twenty unstratified ones did, at two fifths of the time.
const KILLS = 8;
const databases: ProcessDatabase[] = [];
afterAll(async () => {
  killLeftoverServers();
  await Promise.allSettled(databases.map((database) => database.drop()));
});

async function freshDatabase() {
  const database = await createProcessDatabase('crash_start');
  databases.push(database);
  return database;
}

/** Every table's row count, and which migrations ran: what "complete and seeded" means here. */
/**
 * Informes' rollups (decision 069) are made from the orders by a catch-up that starts after the
 * server is ready and may be cut by the kill at any point; the next catch-up finishes them. What
 * a first start must leave whole is what the catch-up is made from.
 */
const isDerived = (table: string) => table.startsWith('insight_');

async function contents(database: ProcessDatabase): Promise<Record<string, number | string[]>> {
  const result: Record<string, number | string[]> = {};
  if (testDialect === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(
        'select table_name as name from information_schema.tables where table_schema = $1 order by 1',
        [database.name],
      );
      for (const { name } of tables.rows.filter((row) => !isDerived(row.name))) {
        result[name] = Number(
          (await client.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n,
        );
      }
      result.migrations = (
        await client.query<{ name: string }>('select name from kysely_migration order by name')
      ).rows.map((r) => r.name);
    } finally {
      await client.end();
    }
    return result;
  }
  const sqlite = new SQLite(database.url, { readonly: true });
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by 1")
      .all() as { name: string }[];
    for (const { name } of tables.filter((table) => !isDerived(table.name))) {
      result[name] = (
        sqlite.prepare(`select count(*) as n from "${name}"`).get() as { n: number }
      ).n;
    }
    result.migrations = (
      sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name);
  } finally {
    sqlite.close();
  }
  return result;
}

/**
 * Resolves when the process first touches its database (the SQLite file appears, or one of its
 * backends shows up in pg_stat_activity): migrations start right after. Kills are timed from
 * there, so they land in the migrations and the seed rather than in Node's module loading.
 */
async function firstTouch(database: ProcessDatabase, admin: pg.Client | null): Promise<void> {
  for (;;) {
    if (admin) {
      const { rowCount } = await admin.query(
        'select 1 from pg_stat_activity where application_name = $1',
        [database.name],
      );
      if (rowCount) return;
    } else if (existsSync(database.url)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

describe('a crash during the first start', () => {
  it(`never leaves a database that cannot start (${KILLS} kills at random points)`, async () => {
    const admin =
      testDialect === 'postgres' ? new pg.Client({ connectionString: adminUrl() }) : null;
    await admin?.connect();
    try {
      const port = await freePort();

      // An uninterrupted first start: what every crashed-and-restarted database must end up as,
      // and how long migrating and seeding take (the window the kills are spread over).
      const reference = await freshDatabase();
      const clean = startServer({ port, databaseUrl: reference.url });
      await firstTouch(reference, admin);
      const touchedAt = Date.now();
      await clean.ready();
      const window = Date.now() - touchedAt;
      await clean.crash();
      const expected = await contents(reference);
      expect(expected.branches).toBeGreaterThan(0);
      expect((expected.migrations as string[]).length).toBeGreaterThan(0);

      for (let kill = 0; kill < KILLS; kill++) {
        const database = await freshDatabase();
        const first = startServer({ port, databaseUrl: database.url });
        await firstTouch(database, admin);
        const delay = Math.floor(((kill + Math.random()) / KILLS) * window);
        await new Promise((resolve) => setTimeout(resolve, delay));
        await first.crash();

        const again = startServer({ port, databaseUrl: database.url });
        await again.ready().catch((error: unknown) => {
          throw new Error(
            `restart after a kill ${delay} ms into the first start failed: ${String(error)}`,
          );
        });
        await again.crash();
        expect(
          await contents(database),
          `killed ${delay} ms after the database was first touched`,
        ).toEqual(expected);
      }
    } finally {
      await admin?.end();
    }
  }, 600_000);
});
