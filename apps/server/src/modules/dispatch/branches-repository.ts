// What dispatch reads of a branch (decision 068). Plain functions of the store.
import type { DbExecutor } from '../../db/types';

/** The branch's two dispatch settings; undefined when there is no such branch. */
export const dispatchSettings = (db: DbExecutor, branchId: number) =>
  db
    .selectFrom('branches')
    .select(['dispatch_from_preparing', 'auto_offer_courier'])
    .where('id', '=', branchId)
    .executeTakeFirst();

/** The open branches among `ids`, in the chain's order: where a courier may start a shift. */
export const openBranchesOf = (db: DbExecutor, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', 'in', [...ids])
        .where('active', '=', 1)
        .orderBy('position')
        .execute();
