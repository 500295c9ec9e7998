// A transaction on the event loop's SQLite connection that waits for the write lock (held by the
// orders' writer thread, decision 025) waits on a timer, not in SQLite's busy handler, which
// sleeps on the event loop (decision 094). SQLite's alone: it runs in the SQLite project only
// (vitest.config.ts).
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from '../../src/db/dialect';
import { openDatabase } from '../../src/db/open';
import { isDatabaseUnavailable } from '../../src/lib/db-unavailable';

let dir: string;
let database: DatabaseHandle;
let other: SQLite.Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'comanda-lock-'));
  database = await openDatabase({ url: join(dir, 'comanda.db'), seedDemo: false });
  other = new SQLite(database.file!);
});

afterAll(async () => {
  other.close();
  await database.db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** How many times a 5 ms timer fired while `work` ran: the event loop's turns. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  const ticker = setInterval(() => (turns += 1), 5);
  try {
    return { result: await work, turns };
  } finally {
    clearInterval(ticker);
  }
}

const write = () =>
  database.db.transaction().execute(async (trx) => {
    await trx.updateTable('chain_settings').set({ second_factor_admins: 0 }).execute();
    return 'written';
  });

describe('a transaction waiting for the write lock', () => {
  it('leaves the event loop free, and begins once the lock is let go', async () => {
    other.exec('begin immediate');
    setTimeout(() => other.exec('commit'), 300);
    const { result, turns } = await turnsDuring(write());
    expect(result).toBe('written');
    // 300 ms of waiting is some 60 turns of a 5 ms timer; a frozen loop gives none.
    expect(turns).toBeGreaterThan(20);
  });

  it('gives up as SQLite would, unavailable, after the busy timeout', async () => {
    other.exec('begin immediate');
    const started = performance.now();
    const failure = await write().then(
      () => null,
      (error: unknown) => error,
    );
    other.exec('commit');
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 5);
    // The connection waits as long as before for what it runs outside a transaction.
    expect(await write()).toBe('written');
  });
});
