import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-postgres';
import { instantFromPostgres } from './postgres-instants';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createPostgresPool,
  DEFAULT_POSTGRES_TIMEOUTS,
  type PoolStats,
  type PostgresTimeouts,
} from './postgres-pool';
import { lockTurnsOf, type LockTurns } from './sqlite-lock-turns';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * Where a connection that fails outside any query is reported (PostgreSQL: the server
   * restarted, or ended an idle connection). The connection is already dropped from the pool and
   * the next query opens a new one; this only says so. Until set, it goes to stderr.
   */
  onConnectionError(report: (error: Error) => void): void;
  /**
   * The SQLite file, for a second connection to it (the orders' writer thread, decision 025);
   * absent on PostgreSQL and for an in-memory database, which no other connection can open.
   */
  file?: string;
  /**
   * PostgreSQL: where a second connection to the same database opens, with this pool's schema
   * and limits (the orders' writer thread, decision 102).
   */
  postgres?: PostgresTarget;
  /** PostgreSQL: the pool's connections and waits now, for the metrics (decision 079). */
  poolStats?: () => PoolStats;
  /** SQLite: who waits for the file's write lock, across this process's threads (decision 097). */
  lockTurns?: LockTurns;
}

/** A PostgreSQL database as a connection finds it: its url, its schema, its limits. */
export interface PostgresTarget {
  url: string;
  schema?: string;
  timeouts: PostgresTimeouts;
}

export interface ConnectOptions {
  /** `postgres://…` or a path to an SQLite file (`file:` prefix optional). */
  url: string;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: how long a connection and a statement may take (config.ts). */
  timeouts?: PostgresTimeouts;
  /**
   * SQLite only: the connection the event loop uses (decision 053). Its commits do not wait for
   * the disk and it never checkpoints; the server makes a write durable before answering it
   * (plugins/db.ts) and the orders' writer thread checkpoints. Other connections write and sync
   * as decision 002 says.
   */
  onEventLoop?: boolean;
  /**
   * SQLite only: the count of the file's waiting connections another thread made
   * (`handle.lockTurns.shared`), so a thread's connection takes turns with the node's.
   */
  lockTurns?: SharedArrayBuffer;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * How long an SQLite statement waits for a lock another process holds. better-sqlite3 is
 * synchronous, so the wait freezes every request of this process: a lock held longer than this
 * is treated as an outage (503, retry) rather than a reason to stall everything.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1000;

/**
 * How many pages the WAL may hold before a commit copies them back into the database file
 * (SQLite's default is 1000). Under a stream of orders each group-commit batch appends a few
 * hundred pages, so the default checkpointed every third batch, and that copy and its fsync
 * were the largest part of the writer's time. 4000 pages (16 MB with 4 KB pages) checkpoints a
 * quarter as often and writes a hot page back once for several batches: the bare write loop of
 * bench:orders' ceiling goes from ~7,600 to ~9,600 orders/s on the 2-vCPU guest (decision 026).
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 4000;

/**
 * What every SQLite connection of the server sets (bench:orders' ceiling sets the same, to pay
 * for the same durability, foreign-key checks and checkpoints). WAL lets readers run beside the
 * writer; synchronous=FULL makes a commit survive power loss (better-sqlite3 leaves NORMAL, which
 * can lose the last committed order). Decision 002.
 *
 * The event loop's connection (`onEventLoop`, decision 053) is the exception: an fsync there
 * stops every request and socket for as long as the disk takes (p99 186 ms, max 661 ms measured
 * under a busy disk), so its commits only write the WAL (NORMAL: consistent after a crash) and it
 * never checkpoints. A write is made durable before it is answered, off the loop (wal-sync.ts).
 */
export function setSqlitePragmas(sqlite: SQLite.Database, { onEventLoop = false } = {}): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${onEventLoop ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`wal_autocheckpoint = ${onEventLoop ? 0 : SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
}

export function connect({
  url,
  schema,
  poolSize = 10,
  timeouts = DEFAULT_POSTGRES_TIMEOUTS,
  onEventLoop = false,
  lockTurns,
}: ConnectOptions): DatabaseHandle {
  let report = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const onConnectionError = (next: (error: Error) => void) => {
    report = next;
  };

  if (isPostgresUrl(url)) {
    // BIGINT counts (count(*)) arrive as strings by default; ours fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, instantFromPostgres);
    const pool = createPostgresPool({
      url,
      poolSize,
      timeouts,
      report: (error) => report(error),
      ...(schema ? { schema } : {}),
    });
    return {
      db: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) }),
      dialect: 'postgres',
      onConnectionError,
      postgres: { url, timeouts, ...(schema ? { schema } : {}) },
      poolStats: () => pool.stats(),
    };
  }

  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // PRAGMAs cannot run inside a transaction: they are set here, before any migration.
  setSqlitePragmas(sqlite, { onEventLoop });
  const turns = lockTurnsOf(file, lockTurns);
  return {
    db: new Kysely<Database>({
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }, turns),
    }),
    dialect: 'sqlite',
    onConnectionError,
    lockTurns: turns,
    ...(file !== ':memory:' ? { file } : {}),
  };
}

/**
 * SQLite runs DDL inside transactions, but Kysely's SQLite adapter says it cannot, so its
 * Migrator ran each CREATE TABLE on its own: a crash mid-migration left half a schema that the
 * next start could not migrate ("table already exists"). Saying yes makes the Migrator run the
 * pending migrations and their bookkeeping in one transaction, as on PostgreSQL (decision 011).
 */
class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #turns: LockTurns;

  constructor(config: SqliteDialectConfig, turns: LockTurns) {
    super(config);
    this.#config = config;
    this.#turns = turns;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.#config, this.#turns);
  }
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), not at their first write.
 * The orders' writer thread is a second connection to the file (decision 025): a deferred
 * transaction that read, awaited, and then wrote after that thread committed would fail at
 * once with SQLITE_BUSY_SNAPSHOT instead of waiting its turn. Taken at the start, the lock is
 * waited for like any other, up to SQLITE_BUSY_TIMEOUT_MS, but not by SQLite's busy handler,
 * which sleeps on the event loop (decision 094): at a rush the writer thread holds the lock for
 * most of each second, and an Informes fold or a staff step waiting for it froze every socket
 * and request of the node (1.9 s of a 10 s round of bench:orders). Here each try does not
 * wait, and the wait between tries is a timer. While it waits the connection counts itself
 * among the lock's waiting (decision 097), so the writer thread leaves it a turn.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  readonly #turns: LockTurns;

  constructor(config: SqliteDialectConfig, turns: LockTurns) {
    super(config);
    this.#turns = turns;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const run = (text: string) => connection.executeQuery(CompiledQuery.raw(text));
    const deadline = performance.now() + SQLITE_BUSY_TIMEOUT_MS;
    let done = () => {};
    await run('pragma busy_timeout = 0');
    try {
      for (let pause = 1; ; pause = Math.min(pause * 2, LOCK_RETRY_MAX_MS)) {
        try {
          await run('begin immediate');
          return;
        } catch (error) {
          if (!isSqliteBusy(error) || performance.now() >= deadline) throw error;
          if (pause === 1) done = this.#turns.wait();
          await sleep(pause);
        }
      }
    } finally {
      done();
      await run(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  }
}

/** The longest wait between two tries for the write lock: a group-commit batch's usual length. */
const LOCK_RETRY_MAX_MS = 8;

const isSqliteBusy = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_BUSY';

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely prepares every query afresh; SQLite then re-parses and re-plans the same SQL each time
 * (about a tenth of the CPU of placing an order). Statements are reusable, and with one
 * connection they never run concurrently, so the few hundred distinct ones are kept.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
