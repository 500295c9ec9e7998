import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface ConnectOptions {
  /** `postgres://…` or a path to an SQLite file (`file:` prefix optional). */
  url: string;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function connect({ url, schema, poolSize = 10 }: ConnectOptions): DatabaseHandle {
  if (isPostgresUrl(url)) {
    // BIGINT counts (count(*)) arrive as strings by default; ours fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }

  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes a commit survive power loss
  // (better-sqlite3 leaves NORMAL, which can lose the last committed order). Decision 002.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
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

/** The cheapest round trip to the database: for readiness checks. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
