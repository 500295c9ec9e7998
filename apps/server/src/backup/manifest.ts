import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { z } from 'zod';

/** What every Comanda backup says it is, so a restore refuses any other tar at once. */
export const BACKUP_FORMAT = 'comanda-backup';

/** The names inside the backup file (decision 080). */
export const ARCHIVE = {
  manifest: 'manifest.json',
  /** SQLite: the database file, as the online backup API copied it. */
  sqlite: 'database.sqlite',
  /** PostgreSQL: pg_dump's custom format, of the one schema the server works in. */
  postgres: 'database.pgdump',
  /** The `local` image store's files, when the images live on disk. */
  images: 'images',
} as const;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  dialect: z.enum(['sqlite', 'postgres']),
  created_at: z.string(),
  /** The last migration the database had run: a restore needs a Comanda that knows it. */
  migration: z.string().nullable(),
  /** PostgreSQL: the schema dumped; a restore puts it back under the same name. */
  schema: z.string().nullable(),
  /** Every table's rows at the moment of the snapshot: the restore checks it gets them all. */
  counts: z.record(z.string(), z.number().int().min(0)),
  /** How many image files the backup carries under images/. */
  images: z.number().int().min(0),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest of an unpacked backup, or one line saying why this is not a backup we made. */
export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(join(dir, ARCHIVE.manifest), 'utf8').catch(() => null);
  if (text === null) throw new Error('not a Comanda backup: it has no manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('not a Comanda backup: its manifest.json is not JSON');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `not a Comanda backup this version reads: manifest.json ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return result.data;
}

/** The tables whose row counts differ between the manifest and the restored database. */
export function countDifferences(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name} ${expected[name] ?? 'absent'} → ${actual[name] ?? 'absent'}`);
}

/** Kysely's record of the migrations run: absent from a database the server never started on. */
export const MIGRATIONS_TABLE = DEFAULT_MIGRATION_TABLE;

/** The counts of a database that has tables; a backup of nothing is refused, naming where. */
export function withTables(counts: Record<string, number>, where: string): Record<string, number> {
  if (Object.keys(counts).length === 0)
    throw new Error(`${where} has no tables: nothing to back up (is DATABASE_URL the server's?)`);
  return counts;
}
