import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import type { DialectName } from './dialect';
import type { Database } from './types';

// What `npm run backup` and `npm run restore` ask of a database (decision 080): which tables it
// has and how many rows each holds, the last migration it ran, and on PostgreSQL which schema
// it works in and a snapshot pg_dump can share.

// The queries below name tables the typed schema does not know (every table, whatever its name).
type AnyDb = Kysely<Database> | Kysely<unknown>;

/** The tables of the database (SQLite) or of `schema` (PostgreSQL), by name. */
export async function tableNames(
  db: AnyDb,
  dialect: DialectName,
  schema?: string,
): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = ${schema ?? sql`current_schema()`} and table_type = 'BASE TABLE'
          order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** Every table's row count, in one read (one snapshot when `db` is a transaction). */
export async function tableCounts(
  db: AnyDb,
  dialect: DialectName,
  schema?: string,
): Promise<Record<string, number>> {
  const names = await tableNames(db, dialect, schema);
  const counts: Record<string, number> = {};
  for (const name of names) {
    const table = schema ? sql.table(`${schema}.${name}`) : sql.table(name);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${table}`.execute(
      db,
    );
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The last migration the database ran (names sort in the order they run), or null. */
export async function latestMigration(db: AnyDb, schema?: string): Promise<string | null> {
  const table = schema
    ? sql.table(`${schema}.${DEFAULT_MIGRATION_TABLE}`)
    : sql.table(DEFAULT_MIGRATION_TABLE);
  const { rows } = await sql<{ name: string }>`
    select name from ${table} order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/**
 * PostgreSQL: the schema the connection works in — the current one, or, when the first schema
 * of its search_path does not exist yet (a fresh database), that one's name.
 */
export async function workingSchema(db: AnyDb): Promise<string | null> {
  const { rows } = await sql<{ current: string | null; path: string }>`
    select current_schema() as current, current_setting('search_path') as path`.execute(db);
  const row = rows[0];
  if (row?.current) return row.current;
  const first = (row?.path ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && entry !== '"$user"');
  return first ? first.replace(/^"(.*)"$/, '$1').replace(/""/g, '"') : null;
}

/** PostgreSQL: names this transaction's snapshot so pg_dump reads exactly what it reads. */
export async function exportSnapshot(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(db);
  const id = rows[0]?.id;
  if (!id) throw new Error('PostgreSQL exported no snapshot');
  return id;
}
