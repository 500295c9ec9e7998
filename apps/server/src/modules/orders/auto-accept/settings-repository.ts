import type { DbExecutor } from '../../../db/types';

/** A branch's auto-accept columns and version; undefined when there is no such branch. */
export const readSettings = (db: DbExecutor, id: number) =>
  db
    .selectFrom('branches')
    .select(['title', 'auto_accept', 'auto_accept_scheduled', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();

export const writeSettings = (
  trx: DbExecutor,
  id: number,
  settings: { auto_accept: string; auto_accept_scheduled: number },
) => trx.updateTable('branches').set(settings).where('id', '=', id).execute();
