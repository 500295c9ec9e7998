import { existsSync } from 'node:fs';
import { readdir, rename, rm, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { create, extract } from 'tar';
import { ARCHIVE } from './manifest';

/**
 * The image files of the `local` store worth keeping: regular files whose name does not start
 * with a dot (the store writes each file under a dotted temporary name, then renames it).
 */
export async function imageFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

/**
 * Writes the backup file: a gzipped tar of the staging folder's manifest and database dump, and
 * the image files under images/ (read where they live, through a link, not copied first). It is
 * written beside its final name and renamed at the end, so a backup that failed halfway never
 * leaves a file that looks whole.
 */
export async function packArchive(
  staging: string,
  databaseFile: string,
  images: { dir: string; files: string[] } | null,
  file: string,
): Promise<void> {
  const entries = [ARCHIVE.manifest, databaseFile];
  if (images && images.files.length > 0) {
    await symlink(images.dir, join(staging, ARCHIVE.images), 'dir');
    // One by one: a spread of a large image folder would pass more arguments than a call takes.
    for (const name of images.files) entries.push(`${ARCHIVE.images}/${name}`);
  }
  const partial = join(staging, `${basename(file)}.partial`);
  try {
    await create({ file: partial, cwd: staging, gzip: true, portable: true }, entries);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Whether an entry of the tar is one a backup holds (anything else is not extracted). */
const expected = (path: string) =>
  path === ARCHIVE.manifest ||
  path === ARCHIVE.sqlite ||
  path === ARCHIVE.postgres ||
  /^images\/[^/.][^/]*$/.test(path);

/** Unpacks a backup file into the staging folder: only the names a backup holds, nothing else. */
export async function unpackArchive(file: string, staging: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  try {
    await extract({
      file,
      cwd: staging,
      strict: true,
      filter: (path, entry) => expected(path) && 'type' in entry && entry.type === 'File',
    });
  } catch (error) {
    throw new Error(`not a readable backup (${(error as Error).message})`, { cause: error });
  }
}
