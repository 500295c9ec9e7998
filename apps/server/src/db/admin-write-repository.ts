import { sql, type Kysely } from 'kysely';
import type { Database, DbExecutor } from './types';

/** The tables whose rows carry the back office's `version` (migrations 008 and 017). */
export type VersionedTable =
  | 'categories'
  | 'products'
  | 'branches'
  | 'banners'
  | 'coupons'
  | 'promotions'
  | 'payment_types'
  | 'parameters'
  | 'users';

/** A list the back office orders by `position`: a whole table, or one category's products, or one parameter segment. */
export type OrderedList =
  | { table: 'categories' | 'branches' | 'banners' | 'payment_types' }
  | { table: 'products'; categoryId: number }
  | { table: 'parameters'; segment: string };

/**
 * The SQL of the back office's one write path (lib/admin-write.ts, decision 032): its
 * transaction, the version claim that makes a stale save fail, and the one reorder.
 */
export function createAdminWriteRepository(db: Kysely<Database>) {
  const rowsUpdated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

  function idsQuery(executor: DbExecutor, list: OrderedList) {
    const query = executor.selectFrom(list.table).select('id');
    if (list.table === 'products')
      return executor
        .selectFrom('products')
        .select('id')
        .where('category_id', '=', list.categoryId);
    if (list.table === 'parameters')
      return executor.selectFrom('parameters').select('id').where('segment', '=', list.segment);
    return query;
  }

  return {
    /** Runs a change in one transaction: its writes, its version and its audit row commit together. */
    transaction: <T>(work: (trx: DbExecutor) => Promise<T>): Promise<T> =>
      db.transaction().execute(work),

    /** The database itself, for reads outside a change. */
    reader: db as DbExecutor,

    /**
     * Raises a row's version when it is still `expected` (any version when undefined); answers
     * whether it did. Taken first in the change's transaction: on PostgreSQL the row stays locked
     * until the commit, so a concurrent save waits and then finds the version moved on.
     */
    async claimVersion(
      trx: DbExecutor,
      table: VersionedTable,
      id: number,
      expected: number | undefined,
    ): Promise<boolean> {
      let query = trx
        .updateTable(table)
        .set({ version: sql<number>`version + 1` })
        .where('id', '=', id);
      if (expected !== undefined) query = query.where('version', '=', expected);
      return rowsUpdated(await query.executeTakeFirst()) === 1;
    },

    /**
     * A product at a branch has a version although "no row" means "offered at the list price":
     * that state is written as its row first (version 1, the same meaning), then claimed.
     */
    async claimBranchProduct(
      trx: DbExecutor,
      branchId: number,
      productId: number,
      expected: number | undefined,
    ): Promise<boolean> {
      await trx
        .insertInto('branch_products')
        .values({
          branch_id: branchId,
          product_id: productId,
          price: null,
          sold_out: 0,
          offered: 1,
        })
        .onConflict((oc) => oc.columns(['branch_id', 'product_id']).doNothing())
        .execute();
      let query = trx
        .updateTable('branch_products')
        .set({ version: sql<number>`version + 1` })
        .where('branch_id', '=', branchId)
        .where('product_id', '=', productId);
      if (expected !== undefined) query = query.where('version', '=', expected);
      return rowsUpdated(await query.executeTakeFirst()) === 1;
    },

    /**
     * The social links are one form, whose version is the highest of its rows'. A save raises
     * every row to that version + 1 (so they move together); a concurrent save that committed
     * first leaves a row above `expected`, and this one then updates fewer rows than there are.
     */
    async claimSocialLinks(trx: DbExecutor, expected: number | undefined): Promise<boolean> {
      const rows = await trx.selectFrom('social_links').select('version').execute();
      const current = Math.max(1, ...rows.map((row) => row.version));
      if (expected !== undefined && expected !== current) return false;
      if (rows.length === 0) return true;
      const result = await trx
        .updateTable('social_links')
        .set({ version: current + 1 })
        .where('version', '<=', current)
        .executeTakeFirst();
      return rowsUpdated(result) === rows.length;
    },

    /** The ids of an ordered list, to check a reorder names each exactly once. */
    async idsOf(trx: DbExecutor, list: OrderedList): Promise<number[]> {
      return (await idsQuery(trx, list).execute()).map((row) => row.id);
    },

    /** Positions 0…n-1 in the order given: the one position convention. */
    async setPositions(trx: DbExecutor, list: OrderedList, ids: number[]): Promise<void> {
      for (const [position, id] of ids.entries())
        await trx.updateTable(list.table).set({ position }).where('id', '=', id).execute();
    },
  };
}

export type AdminWriteRepository = ReturnType<typeof createAdminWriteRepository>;
