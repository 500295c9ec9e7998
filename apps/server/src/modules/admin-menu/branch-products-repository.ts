import type { BranchProductTable, DbExecutor } from '../../db/types';
import { branchProductJoin } from '../../db/branch-product';

/** A product at each branch: whether it is offered, its price there, sold out. */
export function createBranchProductsRepository() {
  return {
    findBranch: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Every branch with what it does with the product (no row: offered at the product's price). */
    branchStates: (executor: DbExecutor, productId: number) =>
      executor
        .selectFrom('branches as b')
        .leftJoin(
          'branch_products as bp',
          branchProductJoin({ product: productId, branch: 'b.id' }),
        )
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
        .execute(),

    upsertBranchProduct: (executor: DbExecutor, row: Omit<BranchProductTable, 'version'>) =>
      executor
        .insertInto('branch_products')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['branch_id', 'product_id'])
            .doUpdateSet({ offered: row.offered, price: row.price, sold_out: row.sold_out }),
        )
        .execute(),
  };
}
