import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool } from '../../src/db/postgres-pool';
import { CONNECT_FAILED, isDatabaseUnavailable } from '../../src/lib/db-unavailable';
import { HttpError } from '../../src/lib/http-error';
import { testDialect } from '../helpers/database';
import { freePort } from '../helpers/server-process';
import { tcpProxy } from '../helpers/tcp-proxy';

// The errors are the drivers' own, produced for real: the classifier is only as good as its
// knowledge of what node-postgres and better-sqlite3 actually throw.
const dir = mkdtempSync(join(tmpdir(), 'comanda-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failureOf(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function sqliteFile(name: string) {
  const file = join(dir, name);
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, v text unique)');
  return { file, db };
}

describe('isDatabaseUnavailable', () => {
  it('recognises PostgreSQL refusing connections (nothing listens on its port)', async () => {
    const port = await freePort();
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    pool.on('error', () => undefined);
    const error = await failureOf(() => pool.query('select 1'));
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a PostgreSQL that accepts the connection but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port,
      user: 'x',
      database: 'x',
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => undefined);
    const error = await failureOf(() => pool.query('select 1'));
    await pool.end();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises SQLite locked by another connection, read-only, or unable to open its file', async () => {
    const { file, db } = sqliteFile('locked.db');
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    db.exec('begin exclusive');
    expect(
      isDatabaseUnavailable(
        await failureOf(() => other.prepare("insert into t (v) values ('a')").run()),
      ),
    ).toBe(true);
    db.exec('rollback');

    const readOnly = new SQLite(file, { readonly: true });
    expect(
      isDatabaseUnavailable(
        await failureOf(() => readOnly.prepare("insert into t (v) values ('b')").run()),
      ),
    ).toBe(true);
    // A directory where the file should be: SQLITE_CANTOPEN.
    expect(isDatabaseUnavailable(await failureOf(() => new SQLite(dir)))).toBe(true);
    for (const connection of [other, readOnly, db]) connection.close();
  });

  it('leaves every other failure alone: a broken constraint, bad SQL, a refusal, a plain bug', async () => {
    const { db } = sqliteFile('other.db');
    db.prepare("insert into t (v) values ('same')").run();
    expect(
      isDatabaseUnavailable(
        await failureOf(() => db.prepare("insert into t (v) values ('same')").run()),
      ),
    ).toBe(false);
    expect(
      isDatabaseUnavailable(await failureOf(() => db.prepare('select nope from t').all())),
    ).toBe(false);
    db.close();
    expect(isDatabaseUnavailable(new HttpError(404, 'No encontramos lo que buscas.'))).toBe(false);
    expect(
      isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('SQLITE_BUSY')).toBe(false);
  });
});

if (testDialect === 'postgres') {
  describe('isDatabaseUnavailable on a real PostgreSQL', () => {
    const url = process.env.TEST_DATABASE_URL ?? '';

    it('tells 55000 while connecting (not accepting connections) from 55000 in a query (a programming error)', async () => {
      // In a query, 55000 is "object not in prerequisite state": a bug, which stays a 500.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('create temporary sequence never_drawn');
        const inQuery = await failureOf(() => client.query("select currval('never_drawn')"));
        expect((inQuery as { code?: string }).code).toBe('55000');
        expect(isDatabaseUnavailable(inQuery)).toBe(false);
      } finally {
        await client.end();
      }

      // While connecting it means "not now": the pool says so at the boundary, cause kept.
      // template0 never accepts connections: a database of the test's own would cost a
      // CREATE and a DROP DATABASE, whose forced checkpoint waited out the test's timeout on a
      // busy CI machine.
      const closed = new URL(url);
      closed.pathname = '/template0';
      const pool = createPostgresPool({
        url: closed.toString(),
        poolSize: 1,
        timeouts: { connectMs: 2000, statementMs: 1000 },
        report: () => undefined,
      });
      const error = await failureOf(() => pool.connect());
      await pool.end();
      expect(error).toMatchObject({
        code: CONNECT_FAILED,
        driverCode: '55000',
        cause: { code: '55000' },
      });
      expect(isDatabaseUnavailable(error)).toBe(true);
    });

    it('recognises a statement cancelled by statement_timeout (57014)', async () => {
      const pool = createPostgresPool({
        url,
        poolSize: 1,
        timeouts: { connectMs: 2000, statementMs: 100 },
        report: () => undefined,
      });
      const client = await pool.connect();
      const error = await failureOf(() => client.query('select pg_sleep(2)', []));
      client.release();
      await pool.end();
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
    });

    it('recognises a connection that stopped answering, and fails its next query at once', async () => {
      const real = new URL(url);
      const proxy = await tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
      const pool = createPostgresPool({
        url: proxy.url(url),
        poolSize: 1,
        timeouts: { connectMs: 2000, statementMs: 100 },
        report: () => undefined,
      });
      try {
        const client = await pool.connect();
        await client.query('select 1', []);
        proxy.blackhole();
        const error = await failureOf(() => client.query('select 1', []));
        expect(isDatabaseUnavailable(error)).toBe(true);
        // The rollback a transaction would send next does not wait out the silence again.
        const started = performance.now();
        expect(await failureOf(() => client.query('rollback', []))).toBe(error);
        expect(performance.now() - started).toBeLessThan(50);
        client.release();
      } finally {
        await proxy.restore();
        await pool.end();
        await proxy.close();
      }
    });
  });
}
