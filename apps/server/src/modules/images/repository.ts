import type { DbExecutor } from '../../db/types';
import type { ImageFile } from './encode';

// Uploaded image files kept in the database (the `database` image store, migration 011), plain
// functions of the database (decision 065).

/** Runs `work` in one transaction: the files and their change log row commit together. */
export const inTransaction = <T>(db: DbExecutor, work: (trx: DbExecutor) => Promise<T>) =>
  db.transaction().execute(work);

export async function imageExists(db: DbExecutor, name: string): Promise<boolean> {
  return (
    (await db.selectFrom('images').select('name').where('name', '=', name).executeTakeFirst()) !==
    undefined
  );
}

/** Inserts through the change's transaction; a file already there (same name, same bytes) is kept. */
export async function insertImages(executor: DbExecutor, files: ImageFile[], at: string) {
  await executor
    .insertInto('images')
    .values(
      files.map((file) => ({
        name: file.name,
        content_type: file.contentType,
        data: file.data,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export const findImage = (db: DbExecutor, name: string) =>
  db
    .selectFrom('images')
    .select(['content_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
