import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tableCounts, tableNames, latestMigration } from '../db/backup-repository';
import { connect, SQLITE_BUSY_TIMEOUT_MS } from '../db/dialect';
import { ARCHIVE, countDifferences, MIGRATIONS_TABLE, withTables } from './manifest';

/**
 * Pages copied per step of SQLite's online backup: all of them. Between two steps the source
 * is unlocked and a commit by another connection (the server's orders) restarts the copy from
 * the first page, so with small steps a busy shop could keep a backup restarting for ever. In
 * one step the copy reads one snapshot (WAL mode: the server keeps writing meanwhile).
 */
const ALL_PAGES = 0x7fffffff;

/** What the snapshot held, for the manifest. */
export interface Snapshot {
  migration: string | null;
  counts: Record<string, number>;
}

/** The tables, rows and last migration of an SQLite file, read through the repository. */
async function describe(file: string): Promise<Snapshot> {
  const { db } = connect({ url: file });
  try {
    const counts = await tableCounts(db, 'sqlite');
    return { migration: MIGRATIONS_TABLE in counts ? await latestMigration(db) : null, counts };
  } finally {
    await db.destroy();
  }
}

/**
 * Copies the live database into the staging folder with the online backup API: every commit
 * made before the copy's read began is in it (the server answers an order only once it is
 * committed), none made after, and no commit is ever half in it.
 */
export async function dumpSqlite(file: string, staging: string): Promise<Snapshot> {
  if (!existsSync(file)) throw new Error(`no SQLite database at ${file} (DATABASE_URL)`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    await source.backup(join(staging, ARCHIVE.sqlite), { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const snapshot = await describe(join(staging, ARCHIVE.sqlite));
  withTables(snapshot.counts, file);
  return snapshot;
}

/** How many tables an SQLite file holds (0 when it does not exist). */
async function tablesIn(file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const { db } = connect({ url: file });
  try {
    return (await tableNames(db, 'sqlite')).length;
  } finally {
    await db.destroy();
  }
}

/**
 * Writes the backup's database over the configured one with the same backup API, in reverse:
 * SQLite replaces the file's pages under its write lock and takes care of its WAL, rather than
 * a file copied over one a process may still have open. Refuses a database that has tables
 * unless forced; then checks every table has the rows the manifest counted.
 */
export async function restoreSqlite(
  staging: string,
  file: string,
  { force, counts }: { force: boolean; counts: Record<string, number> },
): Promise<void> {
  const tables = await tablesIn(file);
  if (tables > 0 && !force)
    throw new Error(
      `${file} already has data (${tables} tables): restore into a new file, or add --force to replace it`,
    );
  await mkdir(dirname(file), { recursive: true });
  const source = new SQLite(join(staging, ARCHIVE.sqlite), { fileMustExist: true });
  try {
    await source.backup(file, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const differences = countDifferences(counts, (await describe(file)).counts);
  if (differences.length > 0)
    throw new Error(`the restored database differs from the backup: ${differences.join(', ')}`);
}
