import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { CONNECT_FAILED } from '../lib/db-unavailable';
import { preparedName } from './prepared-statements';

/**
 * How long a PostgreSQL may take before a request gives up on it. Both end in an error the one
 * error handler answers 503 + Retry-After (decision 011), so a database that stopped answering
 * (a network blackhole, a host that froze) costs a client a few seconds, not a hung request.
 */
export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one when the pool is full. */
  connectMs: number;
  /**
   * The longest one statement may run, enforced by the server (`statement_timeout`, which also
   * bounds lock waits). The client stops waiting for an answer QUERY_TIMEOUT_MARGIN_MS later:
   * a server that is reachable cancels first and the connection stays usable; one that is not
   * never answers, and then only the client's own limit ends the wait. 0 means no limit.
   */
  statementMs: number;
}

/** Defaults: the first answer of a blackholed database is a 503 after at most ~5 s. */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 3000, statementMs: 4000 };

/** How much longer than the server's limit the client waits for an answer. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

/** node-postgres' client-side timeout fails the query with this message and no code. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/** The pool as it is now, for the metrics (decision 079). */
export interface PoolStats {
  /** Connections open, idle or checked out. */
  open: number;
  idle: number;
  /** Queries waiting now for a connection to come free. */
  waiting: number;
  /** Since start, how many times a query found every connection busy and had to wait. */
  waitsTotal: number;
}

export interface PostgresPoolOptions {
  url: string;
  /** The schema to work in (tests give each file its own). */
  schema?: string;
  poolSize: number;
  timeouts: PostgresTimeouts;
  /** Where a connection that fails outside any query is reported. */
  report(error: Error): void;
}

/**
 * The pool Kysely draws its connections from, guarded at the driver boundary:
 * - a connection that cannot be opened (refused, timed out, or refused by PostgreSQL itself:
 *   "database is not accepting connections" is 55000, which elsewhere means a programming
 *   error) fails as CONNECT_FAILED, with the driver's error as its cause: whatever the reason,
 *   the request was fine and the database cannot serve it now;
 * - a connection whose query got no answer in time is presumed dead: later queries on it fail
 *   at once (a transaction's rollback would otherwise wait out the same silence again) and it
 *   is destroyed on release, so once the database is reachable again fresh connections serve,
 *   instead of old ones waiting out TCP retransmission.
 */
export function createPostgresPool({
  url,
  schema,
  poolSize,
  timeouts,
  report,
}: PostgresPoolOptions): PostgresPool & { stats(): PoolStats } {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs > 0
      ? {
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
        }
      : {}),
    // Notice a peer that vanished without closing (a failed-over host) instead of waiting forever.
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection ended by the server (restart, pg_terminate_backend) is emitted here; an
  // 'error' event nobody listens to would end the process. pg-pool has already discarded it.
  pool.on('error', (error) => report(error));
  // A connection that breaks while checked out, between two queries, emits on the client
  // itself: heard here so it cannot end the process. Its next query fails (answered 503 and
  // logged there) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });

  const guarded = new WeakMap<pg.PoolClient, GuardedClient>();
  let waits = 0;
  return {
    async connect() {
      let client: pg.PoolClient;
      // Every connection busy and no room for another: this query waits its turn.
      if (pool.idleCount === 0 && pool.totalCount >= poolSize) waits += 1;
      try {
        client = await pool.connect();
      } catch (error) {
        // The driver's own code (55000, 57P03, ECONNREFUSED…) stays on the error, for the log.
        const driverCode = (error as { code?: unknown } | null)?.code;
        throw Object.assign(new Error('could not open a database connection', { cause: error }), {
          code: CONNECT_FAILED,
          ...(typeof driverCode === 'string' ? { driverCode } : {}),
        });
      }
      let wrapper = guarded.get(client);
      if (!wrapper) {
        wrapper = new GuardedClient(client);
        guarded.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
    stats: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      waitsTotal: waits,
    }),
  };
}

class GuardedClient implements PostgresPoolClient {
  /** The read timeout that made this connection unusable, once one has. */
  #dead: Error | undefined;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely only passes a cursor for .stream(), which needs a cursor class this app never gives it.
    if (typeof sqlOrCursor !== 'string') throw new Error('cursors are not supported');
    if (this.#dead) return Promise.reject(this.#dead);
    const values = parameters ? [...parameters] : [];
    const name = preparedName(sqlOrCursor);
    const query = name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values };
    return this.client.query(query).then(
      (result) => result as unknown as PostgresQueryResult<R>,
      (error: unknown) => {
        if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE) this.#dead = error;
        throw error;
      },
    );
  }

  release(): void {
    // With an error, pg-pool removes the client and closes its socket instead of keeping it.
    this.client.release(this.#dead);
  }
}
