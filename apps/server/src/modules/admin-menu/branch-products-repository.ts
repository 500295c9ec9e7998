// A product at each branch: whether it is offered, its price there, sold out. Plain functions
// of the executor (decision 065).
import type { BranchProductTable, DbExecutor } from '../../db/types';
import { branchProductJoin } from '../../db/branch-product';

export const findBranch = (executor: DbExecutor, id: number) =>
  executor.selectFrom('branches').select(['id', 'title']).where('id', '=', id).executeTakeFirst();

/** Every branch with what it does with the product (no row: offered at the product's price). */
export const branchStates = (executor: DbExecutor, productId: number) =>
  executor
    .selectFrom('branches as b')
    .leftJoin('branch_products as bp', branchProductJoin({ product: productId, branch: 'b.id' }))
    .select([
      'b.id as branch_id',
      'b.title as branch_title',
      'bp.offered',
      'bp.price',
      'bp.sold_out',
      'bp.version',
    ])
    .orderBy('b.position')
    .orderBy('b.id')
    .execute();

/** Gives `to` the rows `from` has (offered, own price, sold out); their versions start anew. */
export async function copyBranchRows(executor: DbExecutor, from: number, to: number) {
  const rows = await executor
    .selectFrom('branch_products')
    .select(['branch_id', 'offered', 'price', 'sold_out'])
    .where('product_id', '=', from)
    .execute();
  if (rows.length > 0)
    await executor
      .insertInto('branch_products')
      .values(rows.map((row) => ({ ...row, product_id: to })))
      .execute();
}

export const upsertBranchProduct = (
  executor: DbExecutor,
  row: Omit<BranchProductTable, 'version'>,
) =>
  executor
    .insertInto('branch_products')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['branch_id', 'product_id'])
        .doUpdateSet({ offered: row.offered, price: row.price, sold_out: row.sold_out }),
    )
    .execute();
