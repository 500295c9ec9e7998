import Fastify from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, SQLITE_WAL_AUTOCHECKPOINT_PAGES } from '../../src/db/dialect';
import { openDatabase } from '../../src/db/open';
import { walSync } from '../../src/db/wal-sync';
import {
  checkpointWhenLarge,
  orderWriterThread,
} from '../../src/modules/orders/writing/writer-thread';
import { dbPlugin } from '../../src/plugins/db';
import { until } from '../helpers/until';

// Decision 053: no fsync on the event loop. These run on SQLite files whatever the suite's
// database, since PostgreSQL syncs in its own processes.
const dir = mkdtempSync(join(tmpdir(), 'comanda-wal-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A datasync that stays pending until released: what a slow disk looks like from the loop. */
function slowDisk() {
  const calls: Array<() => void> = [];
  return {
    calls,
    datasync: (path: string) => {
      expect(path).toMatch(/-wal$/);
      return new Promise<void>((resolve) => calls.push(resolve));
    },
    release: () => calls.at(-1)!(),
  };
}

describe('walSync', () => {
  it('answers once a flush that began after the call has finished; one flush serves all who waited', async () => {
    const disk = slowDisk();
    const sync = walSync(join(dir, 'a.db'), disk.datasync);
    const done: string[] = [];
    const first = sync().then(() => done.push('first'));
    // These come while the first flush runs: their commits may be after it began.
    const later = [sync(), sync(), sync()].map((p, i) => p.then(() => done.push(`later ${i}`)));
    expect(disk.calls).toHaveLength(1);
    disk.release();
    await first;
    expect(done).toEqual(['first']);
    // The next flush starts on a later turn of the loop.
    await until(
      'the second flush',
      () => disk.calls.length,
      (calls) => calls >= 2,
    );
    expect(disk.calls).toHaveLength(2);
    disk.release();
    await Promise.all(later);
    expect(done).toHaveLength(4);
  });

  it('flushes a real WAL, and answers at once when there is none', async () => {
    const file = join(dir, 'real.db');
    const sync = walSync(file);
    await expect(sync()).resolves.toBeUndefined();
    const handle = connect({ url: file, onEventLoop: true });
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    await expect(sync()).resolves.toBeUndefined();
    await handle.db.destroy();
  });
});

describe("the event loop's connection", () => {
  it('commits without waiting for the disk and never checkpoints; other connections sync as before', async () => {
    const file = join(dir, 'pragmas.db');
    const loop = connect({ url: file, onEventLoop: true });
    const writer = connect({ url: file });
    const pragma = async (handle: typeof loop, name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
    // 1 is NORMAL, 2 is FULL.
    expect(await pragma(loop, 'synchronous')).toBe(1);
    expect(await pragma(loop, 'wal_autocheckpoint')).toBe(0);
    expect(await pragma(writer, 'synchronous')).toBe(2);
    expect(await pragma(writer, 'wal_autocheckpoint')).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
    await Promise.all([loop.db.destroy(), writer.db.destroy()]);
  });

  it('is what the server opens', async () => {
    const handle = await openDatabase({ url: join(dir, 'server.db'), seedDemo: false });
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    expect(rows[0]!.synchronous).toBe(1);
    await handle.db.destroy();
  });

  it('has its WAL checkpointed by the writer thread once it grows past the threshold', async () => {
    const file = join(dir, 'checkpoint.db');
    const loop = connect({ url: file, onEventLoop: true });
    await sql`create table t (x blob)`.execute(loop.db);
    const writer = orderWriterThread({ sqliteFile: file });
    try {
      expect(await checkpointWhenLarge(writer, file)).toBe(false);
      // More than the threshold's pages, written by the loop's connection alone.
      const page = 'x'.repeat(4000);
      for (let i = 0; i < SQLITE_WAL_AUTOCHECKPOINT_PAGES + 200; i += 100)
        await sql`insert into t select ${page} from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) select i from n)`.execute(
          loop.db,
        );
      // Everything is in the WAL: the database file holds the schema alone.
      expect(statSync(file).size).toBeLessThan(64 * 1024);
      expect(await checkpointWhenLarge(writer, file)).toBe(true);
      // Copied back by the thread: the file now holds the rows.
      expect(statSync(file).size).toBeGreaterThan(SQLITE_WAL_AUTOCHECKPOINT_PAGES * 4096);
    } finally {
      await writer.close();
      await loop.db.destroy();
    }
  });
});

describe('the db plugin on an SQLite file', () => {
  it('answers a write once the WAL is flushed, and a read without waiting for it', async () => {
    const disk = slowDisk();
    const handle = connect({ url: join(dir, 'plugin.db'), onEventLoop: true });
    const app = Fastify();
    await app.register(dbPlugin, { handle, flushWal: walSync(handle.file!, disk.datasync) });
    app.get('/read', async () => ({ ok: true }));
    app.put('/write', async () => ({ ok: true }));
    await app.ready();

    expect((await app.inject('/read')).statusCode).toBe(200);
    expect(disk.calls).toHaveLength(0);

    let answered = false;
    const write = app.inject({ method: 'PUT', url: '/write' }).then((res) => {
      answered = true;
      return res;
    });
    await until(
      "the write's flush",
      () => disk.calls.length,
      (calls) => calls > 0,
    );
    expect(disk.calls).toHaveLength(1);
    // Absence (decision 067): the write is not answered while its flush is pending.
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    disk.release();
    expect((await write).statusCode).toBe(200);
    await app.close();
  });
});
