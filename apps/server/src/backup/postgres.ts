import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  exportSnapshot,
  latestMigration,
  tableCounts,
  tableNames,
  workingSchema,
} from '../db/backup-repository';
import { connect } from '../db/dialect';
import type { PostgresTimeouts } from '../db/postgres-pool';
import { ARCHIVE, countDifferences, MIGRATIONS_TABLE, withTables } from './manifest';
import { libpqConnection, runTool, startTool } from './pg-tools';
import type { Snapshot } from './sqlite';

/** A schema's name as pg_dump's pattern and as an SQL identifier: quoted, taken literally. */
const quotedIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The configured database, without a statement limit: a dump of a large table takes long. */
const open = (url: string, timeouts: PostgresTimeouts) =>
  connect({ url, poolSize: 1, timeouts: { ...timeouts, statementMs: 0 } });

async function schemaOf(db: Parameters<typeof workingSchema>[0]): Promise<string> {
  const schema = await workingSchema(db);
  if (!schema) throw new Error('PostgreSQL has no schema to work in: check search_path');
  return schema;
}

/**
 * pg_dump (custom format) of the schema the server works in. The counts and the last migration
 * are read in a repeatable-read transaction whose snapshot pg_dump imports, so the manifest
 * describes exactly what was dumped, while the server goes on taking orders.
 */
export async function dumpPostgres(
  url: string,
  staging: string,
  timeouts: PostgresTimeouts,
): Promise<Snapshot & { schema: string }> {
  const { db } = open(url, timeouts);
  try {
    const schema = await schemaOf(db);
    const connection = await libpqConnection(url, staging);
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = await exportSnapshot(trx);
        const counts = withTables(await tableCounts(trx, 'postgres', schema), `schema ${schema}`);
        const migration = MIGRATIONS_TABLE in counts ? await latestMigration(trx, schema) : null;
        await runTool([
          'pg_dump',
          `--dbname=${connection}`,
          `--snapshot=${snapshot}`,
          '--format=custom',
          '--compress=0',
          `--schema=${quotedIdentifier(schema)}`,
          '--no-owner',
          '--no-privileges',
          `--file=${join(staging, ARCHIVE.postgres)}`,
        ]);
        return { schema, counts, migration };
      });
  } finally {
    await db.destroy();
  }
}

/** `123; 2615 2200 SCHEMA - public postgres`, and the schema's comment. */
const isSchemaEntry = (line: string, schema: string) =>
  /^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line) &&
  line.replace(/^.*SCHEMA (- )?/, '').split(' ')[0] === schema;

/**
 * pg_restore's table of contents without the schema itself: the restore creates (or empties)
 * the schema first, in its own transaction, so the dump must not create it again.
 */
async function contentsList(staging: string, schema: string): Promise<string> {
  const toc = await runTool(['pg_restore', '--list', join(staging, ARCHIVE.postgres)]);
  const kept = toc.split('\n').filter((line) => !isSchemaEntry(line, schema));
  const list = join(staging, 'contents.list');
  await writeFile(list, kept.join('\n'));
  return list;
}

interface PostgresRestore {
  schema: string;
  force: boolean;
  counts: Record<string, number>;
}

/** Refuses another schema's backup, and a schema with tables unless forced; says which applies. */
async function checkTarget(db: Parameters<typeof workingSchema>[0], wanted: PostgresRestore) {
  const schema = await schemaOf(db);
  if (schema !== wanted.schema)
    throw new Error(
      `the backup is of schema ${wanted.schema} and DATABASE_URL works in ${schema}: restore where search_path names ${wanted.schema}`,
    );
  const tables = (await tableNames(db, 'postgres', schema)).length;
  if (tables > 0 && !wanted.force)
    throw new Error(
      `schema ${schema} already has data (${tables} tables): restore into an empty database, or add --force to replace it`,
    );
  return tables > 0;
}

/**
 * pg_restore's SQL fed to psql in one transaction that first empties the schema (forced) or
 * creates it: a restore that fails anywhere leaves the database as it was. Then checks every
 * table has the rows the manifest counted.
 */
export async function restorePostgres(
  url: string,
  staging: string,
  timeouts: PostgresTimeouts,
  wanted: PostgresRestore,
): Promise<void> {
  const { db } = open(url, timeouts);
  try {
    const replace = await checkTarget(db, wanted);
    const schema = quotedIdentifier(wanted.schema);
    const list = await contentsList(staging, wanted.schema);
    const connection = await libpqConnection(url, staging);
    const sql = startTool(
      [
        'pg_restore',
        `--use-list=${list}`,
        '--no-owner',
        '--no-privileges',
        '--file=-',
        join(staging, ARCHIVE.postgres),
      ],
      { piped: true },
    );
    const psql = startTool(
      [
        'psql',
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--dbname=${connection}`,
        `--command=${replace ? `drop schema ${schema} cascade; ` : ''}create schema if not exists ${schema}`,
        '--file=-',
      ],
      { stdin: sql.stdout },
    );
    // psql's error says what went wrong; pg_restore's, after it, is only the broken pipe.
    const [restored, read] = await Promise.allSettled([psql.done, sql.done]);
    if (restored.status === 'rejected') throw restored.reason;
    if (read.status === 'rejected') throw read.reason;
    const differences = countDifferences(
      wanted.counts,
      await tableCounts(db, 'postgres', wanted.schema),
    );
    if (differences.length > 0)
      throw new Error(`the restored database differs from the backup: ${differences.join(', ')}`);
  } finally {
    await db.destroy();
  }
}
