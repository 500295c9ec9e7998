import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, DialectName } from '../../src/db/dialect';
import { openTestDatabase } from '../helpers/database';

/**
 * `src/db/types.ts` is written by hand (decision 003 keeps one portable schema, and the types
 * carry its documentation); this file keeps it honest. It migrates a fresh database, reads every
 * table and column the migrations made, reads every table interface of `Database` with the
 * TypeScript compiler, and compares them: the same tables, the same columns, each nullable in
 * both or neither, and of the same coarse class as the portable schema stores it. Kysely trusts
 * the types, so a column missing from them cannot be selected, and one they claim that the
 * database lacks fails at run time only.
 *
 * Checked rather than generated: kysely-codegen reads one live database, and the two dialects
 * would give two files (timestamptz as Date on PostgreSQL, ISO text as string on SQLite; int8 as
 * a string-or-number type), without the narrow unions the code relies on (`OrderStatus`, `Role`,
 * `PaymentKind`), the `Timestamp` alias or the comments that say what a column holds; every
 * import of these types would change. This test keeps the one hand-written file and fails on
 * both databases when it drifts from the migrations.
 */

/** A column's type, as coarse as the two dialects agree on. */
type TypeClass = 'number' | 'string' | 'boolean' | 'date-or-text' | 'bytes' | 'other';
interface ColumnShape {
  type: TypeClass | string;
  nullable: boolean;
}
type Schema = Map<string, Map<string, ColumnShape>>;

const typesFile = fileURLToPath(new URL('../../src/db/types.ts', import.meta.url));

/** The classes of one non-null TypeScript type (a union gives several). */
function classesOf(type: ts.Type): TypeClass[] {
  if (type.isUnion()) return type.types.flatMap(classesOf);
  if (type.flags & ts.TypeFlags.NumberLike) return ['number'];
  if (type.flags & ts.TypeFlags.StringLike) return ['string'];
  if (type.flags & ts.TypeFlags.BooleanLike) return ['boolean'];
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return ['date-or-text'];
  if (name === 'Buffer' || name === 'Uint8Array') return ['bytes'];
  return ['other'];
}

/**
 * A column's type as Kysely selects it (`Generated<T>` and `ColumnType<S, …>` select `S`): its
 * class, and whether it admits null. `string | Date` (`Timestamp`) is a date stored as
 * timestamptz or ISO text.
 */
function shapeOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): ColumnShape {
  const select = type.getProperty('__select__');
  const selected = select ? checker.getTypeOfSymbolAtLocation(select, at) : type;
  const parts = selected.isUnion() ? selected.types : [selected];
  const nullable = parts.some((part) => part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
  const classes = new Set(
    parts
      .filter((part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
      .flatMap(classesOf),
  );
  if (classes.has('date-or-text')) classes.delete('string');
  return { type: [...classes].sort().join(' | '), nullable };
}

/** Every table of `Database` in `db/types.ts` with its columns, read by the compiler. */
function declaredSchema(): Schema {
  // Node's types (for Buffer) and one lib: the program then reads what types.ts imports (Kysely,
  // the shared package's zod schemas) and little else.
  const program = ts.createProgram([typesFile], {
    types: ['node'],
    lib: ['lib.es2022.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile);
  const database = source?.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  if (!database) throw new Error(`no interface Database in ${typesFile}`);
  const schema: Schema = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    const columns = new Map<string, ColumnShape>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      const columnType = checker.getTypeOfSymbolAtLocation(column, database);
      columns.set(column.getName(), shapeOf(checker, columnType, database));
    }
    schema.set(table.getName(), columns);
  }
  return schema;
}

/** What a column's declared SQL type is, in the classes above. */
function classOfSql(dataType: string, dialect: DialectName): TypeClass {
  const type = dataType.toLowerCase();
  if (/^(int|integer|smallint|bigint|serial|bigserial|real|numeric|float|double)/.test(type)) {
    return 'number';
  }
  if (/^(text|varchar|character|char|bpchar|uuid)/.test(type)) return 'string';
  if (/^(bool)/.test(type)) return dialect === 'postgres' ? 'boolean' : 'number';
  if (/^(timestamp|date)/.test(type)) return 'date-or-text';
  if (/^(bytea|blob)/.test(type)) return 'bytes';
  return 'other';
}

/** What the portable schema stores a declared class as (decision 003: dates as text on SQLite). */
const storedAs = (declared: string, dialect: DialectName) =>
  declared === 'date-or-text' && dialect === 'sqlite' ? 'string' : declared;

const opened: { close(): Promise<void>; drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const { close, drop } of opened) {
    await close();
    await drop();
  }
});

/**
 * SQLite reports a primary key column as nullable unless it was declared NOT NULL (an old quirk
 * of its own); an INTEGER PRIMARY KEY is the rowid and never null, and ours are all declared so.
 */
async function isPrimaryKey({ db, dialect }: DatabaseHandle, table: string, column: string) {
  if (dialect !== 'sqlite') return false;
  const { rows } = await sql<{ pk: number }>`
    select pk from pragma_table_info(${table}) where name = ${column}`.execute(db);
  return (rows[0]?.pk ?? 0) > 0;
}

/** Every table the migrations made, with its columns (the migrator's own tables left out). */
async function migratedSchema(): Promise<{ schema: Schema; dialect: DialectName }> {
  const { handle, target } = await openTestDatabase({ seedDemo: false });
  opened.push({ close: () => handle.db.destroy(), drop: () => target.drop() });
  const tables = await handle.db.introspection.getTables();
  const schema: Schema = new Map();
  for (const table of tables.filter((t) => !t.isView)) {
    const columns = new Map<string, ColumnShape>();
    for (const column of table.columns) {
      const nullable = column.isNullable && !(await isPrimaryKey(handle, table.name, column.name));
      columns.set(column.name, { type: classOfSql(column.dataType, handle.dialect), nullable });
    }
    schema.set(table.name, columns);
  }
  return { schema, dialect: handle.dialect };
}

/** Each difference between the migrated schema and the declared one, as a line to read. */
function differences(migrated: Schema, declared: Schema, dialect: DialectName): string[] {
  const found: string[] = [];
  for (const [table, columns] of migrated) {
    const declaredColumns = declared.get(table);
    if (!declaredColumns) {
      found.push(`${table}: a table the migrations make, missing from Database`);
      continue;
    }
    for (const [column, shape] of columns) {
      const typed = declaredColumns.get(column);
      if (!typed) {
        found.push(`${table}.${column}: a column the migrations make, missing from the types`);
        continue;
      }
      const stored = storedAs(typed.type, dialect);
      if (stored !== shape.type) {
        found.push(`${table}.${column}: ${shape.type} in the database, ${typed.type} in the types`);
      }
      if (typed.nullable !== shape.nullable) {
        const say = (nullable: boolean) => (nullable ? 'nullable' : 'not null');
        found.push(
          `${table}.${column}: ${say(shape.nullable)} in the database, ${say(typed.nullable)} in the types`,
        );
      }
    }
    for (const column of declaredColumns.keys()) {
      if (!columns.has(column)) found.push(`${table}.${column}: typed, but no migration makes it`);
    }
  }
  for (const table of declared.keys()) {
    if (!migrated.has(table)) found.push(`${table}: in Database, but no migration makes it`);
  }
  return found;
}

describe('db/types.ts', () => {
  it('declares every table and column the migrations make, nullable and of the class they are', async () => {
    const { schema, dialect } = await migratedSchema();
    const declared = declaredSchema();
    expect(schema.size).toBeGreaterThan(30);
    expect(differences(schema, declared, dialect)).toEqual([]);
    // Migrating, then reading types.ts and what it imports with the compiler: about 20 s on CI.
  }, 90_000);
});
