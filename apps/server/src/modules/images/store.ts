import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DbExecutor } from '../../db/types';
import { nowDate, type Clock } from '../../lib/clock';
import type { ImageFile } from './encode';
import { findImage, imageExists, insertImages, inTransaction } from './repository';

export interface StoredImageFile {
  contentType: string;
  data: Buffer;
}

/**
 * Where uploaded images live (decision 015). `save` stores the files and runs `record` (the
 * change log row) in a transaction; the canonical file (the first) is what `exists` looks for.
 */
export interface ImageStore {
  readonly kind: 'local' | 'database';
  exists(name: string): Promise<boolean>;
  save(files: ImageFile[], record: (executor: DbExecutor) => Promise<void>): Promise<void>;
  read(name: string): Promise<StoredImageFile | null>;
}

/** Every node reads the same table: what node A stored, node B serves. */
export function databaseImageStore(db: DbExecutor, clock: Clock): ImageStore {
  return {
    kind: 'database',
    exists: (name) => imageExists(db, name),
    async save(files, record) {
      // The files and their change log row commit together, or neither does.
      await inTransaction(db, async (trx) => {
        await insertImages(trx, files, nowDate(clock).toISOString());
        await record(trx);
      });
    },
    async read(name) {
      const row = await findImage(db, name);
      return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : null;
    },
  };
}

const typeOf = (name: string) => (name.endsWith('.avif') ? 'image/avif' : 'image/webp');

/**
 * A folder of this node: the embedded default, for one node. Each file is written under a
 * temporary name and renamed, so a reader never sees half a file; the canonical file is written
 * last, so once it exists every copy does (a crash halfway is repaired by the next upload).
 */
export function localImageStore(db: DbExecutor, dir: string): ImageStore {
  // Created on first use, not at start: a node that never stores an image needs no folder.
  let made: Promise<unknown> | undefined;
  const ready = () => (made ??= mkdir(dir, { recursive: true }));
  const path = (name: string) => join(dir, name);
  return {
    kind: 'local',
    async exists(name) {
      return access(path(name)).then(
        () => true,
        () => false,
      );
    },
    async save(files, record) {
      await ready();
      const [canonical, ...copies] = files;
      for (const file of [...copies, ...(canonical ? [canonical] : [])]) {
        const temporary = path(`.${file.name}.${process.pid}.${randomUUID()}.tmp`);
        await writeFile(temporary, file.data);
        await rename(temporary, path(file.name));
      }
      await inTransaction(db, record);
    },
    async read(name) {
      const data = await readFile(path(name)).catch(() => null);
      return data ? { contentType: typeOf(name), data } : null;
    },
  };
}
