/**
 * Tells "the database cannot serve right now" (down, restarting, unreachable, locked, read-only,
 * out of disk) from every other failure. Those are answered 503 with Retry-After: the request was
 * fine and nothing was stored, so the client should simply try again; anything else stays a 500.
 * The one place that knows the drivers' error shapes.
 */

/** Seconds a client is asked to wait before it retries. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A database thread of this process that stopped (the orders' writer thread, decision 025): the
 * batch it held may or may not have committed, so it is answered "try again", and the retry's
 * client_order_id finds it if it did.
 */
export const WRITER_THREAD_STOPPED = 'COMANDA_WRITER_THREAD_STOPPED';
/** Informes' catch-up thread on SQLite (decision 095) that stopped, or closed with the app. */
export const CATCH_UP_THREAD_STOPPED = 'COMANDA_CATCH_UP_THREAD_STOPPED';
const THREAD_STOPPED = new Set([WRITER_THREAD_STOPPED, CATCH_UP_THREAD_STOPPED]);

/**
 * A PostgreSQL connection that could not be opened, whatever the driver's reason (refused, timed
 * out, or PostgreSQL's own "not accepting connections", 55000, which in a query means a
 * programming error): set at the driver boundary, where "while connecting" is known
 * (db/postgres-pool.ts), with the driver's error as its cause.
 */
export const CONNECT_FAILED = 'COMANDA_DB_CONNECT_FAILED';

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08…), the server shutting down or starting, out
 * of connections, read-only, and a statement that outran its limit (statement_timeout: a
 * database too slow or too locked to answer now; the transaction was rolled back).
 */
const PG_CLASSES = ['08'];
const PG_CODES = new Set([
  '57P01', // admin_shutdown: a restart, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a standby, or a database set read-only
  '57014', // query_canceled: statement_timeout, or an administrator's pg_cancel_backend
]);

/** Socket failures on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLite result codes; extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT…) share the prefix. */
const SQLITE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
  'SQLITE_PROTOCOL',
];

/** node-postgres reports a lost, never-made or silent connection with these messages and no code. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Query read timeout/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed/,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function matches(error: object): boolean {
  const code = codeOf(error);
  if (code) {
    if (
      PG_CODES.has(code) ||
      PG_CLASSES.some((prefix) => code.length === 5 && code.startsWith(prefix))
    )
      return true;
    if (NETWORK_CODES.has(code) || THREAD_STOPPED.has(code) || code === CONNECT_FAILED) return true;
    if (SQLITE_CODES.some((name) => code === name || code.startsWith(`${name}_`))) return true;
  }
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))
  );
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (matches(error)) return true;
  // Wrapped failures: a cause, or every attempt of a connect to several addresses.
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((inner) => isDatabaseUnavailable(inner, depth + 1))
  );
}
