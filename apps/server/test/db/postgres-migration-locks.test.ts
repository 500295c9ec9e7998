import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { migrateToLatest } from '../../src/db/migrate';
import type { Migration } from '../../src/db/migrations/helpers';
import { createEmptyDatabase, type TestDatabase } from '../helpers/database';

// A new node migrates while the previous release's nodes keep working on the same tables
// (decision 110). Each test plays a running node with connections of its own: it holds locks in
// its own order, and the migration must neither lose the start to it nor stall its readers.
// PostgreSQL's alone: SQLite runs one node, whose one connection does its migrating.

let target: TestDatabase;
let migrating: DatabaseHandle;
let running: DatabaseHandle;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const options = (t: TestDatabase) => ({ url: t.url, ...(t.schema ? { schema: t.schema } : {}) });

beforeEach(async () => {
  await migrating?.db.destroy();
  await running?.db.destroy();
  await target?.drop();
  target = await createEmptyDatabase();
  // No statement limit on either: the lock waits under test are the only bounds.
  const timeouts = { connectMs: 3000, statementMs: 0 };
  migrating = connect({ ...options(target), poolSize: 2, timeouts });
  running = connect({ ...options(target), poolSize: 3, timeouts });
  await sql`create table rollup_a (n integer); create table rollup_b (n integer)`.execute(
    running.db,
  );
});

afterAll(async () => {
  await migrating?.db.destroy();
  await running?.db.destroy();
  await target?.drop();
});

/** A migration that widens two tables, A then B, as 045 widens the rollups one by one. */
function widening(runs: { count: number }): Record<string, Migration> {
  return {
    '900-widen': {
      async up(db) {
        runs.count += 1;
        await sql`alter table rollup_a add column wide bigint`.execute(db);
        await sql`alter table rollup_b add column wide bigint`.execute(db);
      },
    },
  };
}

/** Resolves once a backend of this database waits for a lock on `table`. */
async function someoneWaitsFor(table: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks l join pg_class c on c.oid = l.relation
      where not l.granted and c.relname = ${table}`.execute(running.db);
    if (rows[0]!.waiting > 0) return;
    await sleep(20);
  }
  throw new Error(`nobody came to wait for ${table}`);
}

const columnsOf = async (table: string) => {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
    running.db,
  );
  return rows.map((row) => row.name);
};

describe('migrations beside a running node, on PostgreSQL', () => {
  it('run again, whole, when they lose a deadlock to it, and the start succeeds', async () => {
    const runs = { count: 0 };
    // The running node's transaction writes B, then A: the migration's order reversed.
    await running.db.connection().execute(async (node) => {
      await sql`begin`.execute(node);
      await sql`insert into rollup_b values (1)`.execute(node);
      const migration = migrateToLatest(migrating, widening(runs), {
        lockWaitMs: 10_000,
        retryForMs: 30_000,
      });
      await someoneWaitsFor('rollup_b');
      // The migration waits first, so its deadlock check runs first and PostgreSQL aborts it.
      await sleep(200);
      await sql`insert into rollup_a values (1)`.execute(node);
      await sql`commit`.execute(node);
      const outcome = await migration;
      expect(outcome.results?.map((r) => [r.migrationName, r.status])).toEqual([
        ['900-widen', 'Success'],
      ]);
      expect(outcome.lockConflicts).toBe(1);
    });
    expect(runs.count).toBe(2);
    // The node's writes stand, and the migration is whole.
    expect(await columnsOf('rollup_a')).toEqual(['n', 'wide']);
    expect(await columnsOf('rollup_b')).toEqual(['n', 'wide']);
    const { rows } = await sql<{ n: number }>`select n from rollup_a`.execute(running.db);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("hold the node's readers behind a waiting lock no longer than the lock wait", async () => {
    const runs = { count: 0 };
    const lockWaitMs = 500;
    await running.db.connection().execute(async (longRead) => {
      // A report reading A for 3 s: the migration cannot widen A until it ends.
      await sql`begin`.execute(longRead);
      await sql`select * from rollup_a`.execute(longRead);
      const migration = migrateToLatest(migrating, widening(runs), {
        lockWaitMs,
        retryForMs: 30_000,
      });
      await someoneWaitsFor('rollup_a');
      // Another request reads A meanwhile: it queues behind the migration's lock request.
      const asked = Date.now();
      const read = sql`select count(*) from rollup_a`
        .execute(running.db)
        .then(() => Date.now() - asked);
      await sleep(3000);
      await sql`commit`.execute(longRead);
      await migration;
      // Unbounded, the read would have waited the report's 3 s out.
      expect(await read).toBeLessThan(lockWaitMs + 1000);
    });
    expect(runs.count).toBeGreaterThan(1);
    expect(await columnsOf('rollup_a')).toEqual(['n', 'wide']);
  });

  it('give up once the retries run out, leaving nothing migrated', async () => {
    const runs = { count: 0 };
    await running.db.connection().execute(async (longRead) => {
      await sql`begin`.execute(longRead);
      await sql`select * from rollup_b`.execute(longRead);
      const migration = migrateToLatest(migrating, widening(runs), {
        lockWaitMs: 200,
        retryForMs: 1000,
      });
      // The report ends after 3 s: a migration that waited it out would succeed.
      const ended = sleep(3000).then(() => sql`commit`.execute(longRead));
      await expect(migration).rejects.toMatchObject({ code: '55P03' });
      await ended;
    });
    expect(runs.count).toBeGreaterThan(1);
    expect(await columnsOf('rollup_a')).toEqual(['n']);
  });
});
