import type { ConnectOptions, DatabaseHandle, PostgresTarget } from './dialect';
import { lockTurnsOf } from './sqlite-lock-turns';

/**
 * The node's database as a worker thread of this process reaches it (the orders' writer,
 * Informes' catch-up): the SQLite file, or the PostgreSQL database with the pool's schema and
 * limits (decisions 102 and 109).
 */
export type ThreadDatabase = { sqliteFile: string } | { postgres: PostgresTarget };

/** None for an in-memory SQLite, which no other connection opens: its writes stay on the event loop. */
export function threadDatabaseOf({ file, postgres }: DatabaseHandle): ThreadDatabase | null {
  if (file) return { sqliteFile: file };
  return postgres ? { postgres } : null;
}

/**
 * What the thread's `connect` is given: on SQLite one more connection to the file, taking turns
 * for its write lock with this process's other connections (decision 097); on PostgreSQL one
 * connection, since each thread does one thing at a time.
 */
export function threadConnectOptions(target: ThreadDatabase): ConnectOptions {
  if ('postgres' in target) return { ...target.postgres, poolSize: 1 };
  return { url: target.sqliteFile, lockTurns: lockTurnsOf(target.sqliteFile).shared };
}
