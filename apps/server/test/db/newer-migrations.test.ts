import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/dialect';
import { migrateToLatest, migrationsFor } from '../../src/db/migrate';
import type { Migration } from '../../src/db/migrations/helpers';
import { createEmptyDatabase, type TestDatabase } from '../helpers/database';

// Decision 081: the previous release must start on a database the next one has migrated (a node
// of it restarting during a rolling deploy, or a rollback), and never undo what it does not know.
const opened: { handle: DatabaseHandle; target: TestDatabase }[] = [];
afterAll(async () => {
  for (const { handle, target } of opened) {
    await handle.db.destroy();
    await target.drop();
  }
});

async function emptyDatabase() {
  const target = await createEmptyDatabase();
  const handle = connect({ url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
  opened.push({ handle, target });
  return handle;
}

/** A newer release's expand step: a table this version has never heard of. */
const newerTable: Migration = {
  async up(db) {
    await db.schema
      .createTable('from_a_newer_release')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
};

async function recorded({ db }: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name).sort();
}

describe('migrations a newer release ran', () => {
  it('are left alone and reported: this version starts on their schema and runs nothing', async () => {
    const handle = await emptyDatabase();
    const shipped = migrationsFor(handle.dialect);
    await migrateToLatest(handle, { ...shipped, '900-newer': newerTable });
    const before = await recorded(handle);

    const outcome = await migrateToLatest(handle, shipped);
    expect(outcome.newer).toEqual(['900-newer']);
    expect(outcome.results).toEqual([]);
    expect(await recorded(handle)).toEqual(before);
    await sql`select id from from_a_newer_release`.execute(handle.db);

    // The newer release comes back: it knows them all and has nothing to run.
    const again = await migrateToLatest(handle, { ...shipped, '900-newer': newerTable });
    expect(again).toMatchObject({ newer: [], results: [] });
  });

  it('still run those of this version when the database has none newer', async () => {
    const handle = await emptyDatabase();
    const outcome = await migrateToLatest(handle);
    expect(outcome.newer).toEqual([]);
    expect(outcome.results?.every((r) => r.status === 'Success')).toBe(true);
  });

  it('refuse a database of another line of releases: newer migrations, and one of ours missing', async () => {
    const handle = await emptyDatabase();
    const shipped = migrationsFor(handle.dialect);
    const names = Object.keys(shipped);
    const last = names.at(-1)!;
    const branch = Object.fromEntries(names.slice(0, -1).map((name) => [name, shipped[name]!]));
    await migrateToLatest(handle, { ...branch, '900-newer': newerTable });

    await expect(migrateToLatest(handle, shipped)).rejects.toThrow(
      `does not know (900-newer) and lacks some it has (${last})`,
    );
    expect(await recorded(handle)).not.toContain(last);
  });
});
