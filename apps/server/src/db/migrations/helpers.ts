import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialect';

// Migrations are frozen history: they must not depend on today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface Migration {
  up(db: AnyDb): Promise<void>;
  down?(db: AnyDb): Promise<void>;
}

/** An auto-incrementing integer primary key in either dialect. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** 0/1 flag with a default. */
export const flag =
  (defaultValue: 0 | 1) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().defaultTo(defaultValue);

/** Timestamps are ISO-8601 text on SQLite and timestamptz on PostgreSQL. */
export const timestampType = (dialect: DialectName) =>
  dialect === 'postgres' ? 'timestamptz' : 'text';
