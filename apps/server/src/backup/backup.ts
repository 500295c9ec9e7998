import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { imagesDir, imageStoreChoice, postgresTimeouts, type Config } from '../config';
import { isPostgresUrl } from '../db/dialect';
import { imageFiles, packArchive } from './archive';
import { ARCHIVE, BACKUP_FORMAT, type Manifest } from './manifest';
import { dumpPostgres } from './postgres';
import { dumpSqlite } from './sqlite';

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  bytes: number;
}

/** The images kept on disk (the `local` store), which the database dump does not hold. */
async function localImages(config: Config, dialect: Manifest['dialect']) {
  if (imageStoreChoice(config.IMAGE_STORE, dialect) !== 'local') return null;
  const dir = imagesDir(config);
  return { dir, files: await imageFiles(dir) };
}

/**
 * `npm run backup -- <file>` (decision 080): the configured database, read at one instant while
 * the servers keep taking orders, and the images on disk, in one file: a gzipped tar of
 * manifest.json, the dump (database.sqlite or database.pgdump) and images/.
 */
export async function createBackup(config: Config, target: string): Promise<BackupSummary> {
  const file = resolve(target);
  const dialect = isPostgresUrl(config.DATABASE_URL) ? 'postgres' : 'sqlite';
  // Beside the backup, not in /tmp: the dump is as large as the database, and the final
  // rename must not cross file systems.
  if (!existsSync(dirname(file)))
    throw new Error(`no folder ${dirname(file)} to write the backup in`);
  const staging = await mkdtemp(join(dirname(file), '.comanda-backup-'));
  try {
    const createdAt = new Date().toISOString();
    const snapshot =
      dialect === 'postgres'
        ? await dumpPostgres(config.DATABASE_URL, staging, postgresTimeouts(config))
        : {
            ...(await dumpSqlite(config.DATABASE_URL.replace(/^file:/, ''), staging)),
            schema: null,
          };
    // Listed after the snapshot: an image uploaded meanwhile is kept, one the snapshot names is
    // on disk already (its file is written before its row commits).
    const images = await localImages(config, dialect);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      dialect,
      created_at: createdAt,
      migration: snapshot.migration,
      schema: snapshot.schema,
      counts: snapshot.counts,
      images: images?.files.length ?? 0,
    };
    await writeFile(join(staging, ARCHIVE.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(
      staging,
      dialect === 'postgres' ? ARCHIVE.postgres : ARCHIVE.sqlite,
      images,
      file,
    );
    return { file, manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
