import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from './dialect';
import type { Database } from './types';

/** How long /readyz waits for an answer before it says "not ready". */
const READY_TIMEOUT_MS = 2000;
/** How long the check waits for a write lock someone else holds. */
const LOCK_WAIT_MS = 250;

// A write that changes nothing: it must take the write path (SQLite's write lock, PostgreSQL's
// read-only checks) but never touch a row. The migrations table exists in every migrated database.
const noOpWrite = sql`update ${sql.table(DEFAULT_MIGRATION_TABLE)} set name = name where 1 = 0`;

/**
 * Readiness is "can it write", not "does `select 1` answer": an SQLite file that became
 * read-only or is locked by another process, or a PostgreSQL that is gone or read-only, still
 * answers reads (or nothing at all) while every order would fail. One no-op write inside a
 * transaction that is rolled back, with short lock waits; nothing is ever stored.
 */
export async function checkWritable(
  { db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const probe = db
    .connection()
    .execute((connection) =>
      dialect === 'sqlite' ? probeSqlite(connection) : probePostgres(connection),
    );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('readiness check timed out'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  // A probe that outlives the timeout still settles later; its failure is already answered.
  probe.catch(() => undefined);
  try {
    await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The busy timeout is the connection's, and this connection is the process's only one (held
// here for the whole check), so it is lowered for the check and put back after it.
async function probeSqlite(connection: Kysely<Database>) {
  await sql`pragma busy_timeout = ${sql.lit(LOCK_WAIT_MS)}`.execute(connection);
  try {
    // IMMEDIATE takes the write lock at once: a lock held by another process shows up here.
    await sql`begin immediate`.execute(connection);
    try {
      await noOpWrite.execute(connection);
    } finally {
      await sql`rollback`.execute(connection);
    }
  } finally {
    await sql`pragma busy_timeout = ${sql.lit(SQLITE_BUSY_TIMEOUT_MS)}`.execute(connection);
  }
}

async function probePostgres(connection: Kysely<Database>) {
  await sql`begin`.execute(connection);
  try {
    await sql`set local statement_timeout = ${sql.lit(READY_TIMEOUT_MS)}`.execute(connection);
    await sql`set local lock_timeout = ${sql.lit(LOCK_WAIT_MS)}`.execute(connection);
    await noOpWrite.execute(connection);
  } catch (error) {
    // The connection may be gone already; the first failure is the one that says why.
    await sql`rollback`.execute(connection).catch(() => undefined);
    throw error;
  }
  await sql`rollback`.execute(connection);
}
