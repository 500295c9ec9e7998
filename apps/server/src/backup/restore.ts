import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { imagesDir, postgresTimeouts, type Config } from '../config';
import { isPostgresUrl } from '../db/dialect';
import { unpackArchive } from './archive';
import { ARCHIVE, readManifest, type Manifest } from './manifest';
import { restorePostgres } from './postgres';
import { restoreSqlite } from './sqlite';

/**
 * Refuses a backup of the other database. Its migration is not judged here: the server that
 * starts on the restored database runs the migrations it lacks, tolerates those of a newer
 * release and refuses another line of releases (decision 081).
 */
function checkDialect(manifest: Manifest, dialect: Manifest['dialect']): void {
  if (manifest.dialect !== dialect)
    throw new Error(
      `the backup is of a ${manifest.dialect} database and DATABASE_URL is ${dialect}: restore it into ${manifest.dialect}`,
    );
}

/** Copies the backup's images into the `local` store's folder (names are content hashes). */
async function restoreImages(staging: string, dir: string): Promise<number> {
  const from = join(staging, ARCHIVE.images);
  const files = await readdir(from).catch(() => [] as string[]);
  if (files.length === 0) return 0;
  await mkdir(dir, { recursive: true });
  for (const name of files) await copyFile(join(from, name), join(dir, name));
  return files.length;
}

/**
 * `npm run restore -- <file> [--force]` (decision 080): the backup's database into the
 * configured one, which must be empty unless forced, then its images into the image folder.
 * It restores and migrates nothing: the server brings the schema up to date when it starts.
 */
export async function restoreBackup(
  config: Config,
  source: string,
  { force }: { force: boolean },
): Promise<Manifest & { restoredImages: number }> {
  const dialect = isPostgresUrl(config.DATABASE_URL) ? 'postgres' : 'sqlite';
  const staging = await mkdtemp(join(tmpdir(), 'comanda-restore-'));
  try {
    await unpackArchive(resolve(source), staging);
    const manifest = await readManifest(staging);
    checkDialect(manifest, dialect);
    const wanted = { force, counts: manifest.counts };
    if (dialect === 'postgres')
      await restorePostgres(config.DATABASE_URL, staging, postgresTimeouts(config), {
        ...wanted,
        schema: manifest.schema ?? 'public',
      });
    else await restoreSqlite(staging, config.DATABASE_URL.replace(/^file:/, ''), wanted);
    const restoredImages = await restoreImages(staging, imagesDir(config));
    return { ...manifest, restoredImages };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
