import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';

/** What the console's sold-out list shows of a product, with its category. */
const PRODUCT_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.image',
  'c.slug as category_slug',
  'c.title as category_title',
] as const;

/** The branch's products as the console's sold-out switches see them. */
export function createProductsRepository(db: Kysely<Database>) {
  return {
    /** Every active product with what this branch does with it, in menu order. */
    productsAt: (branchId: number) =>
      productsAtBranch(db, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(PRODUCT_COLUMNS)
        .where('p.active', '=', 1)
        .where('c.active', '=', 1)
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('p.position')
        .orderBy('p.id')
        .execute(),

    productAt: (branchId: number, productId: number, executor: DbExecutor = db) =>
      productsAtBranch(executor, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(PRODUCT_COLUMNS)
        .where('p.id', '=', productId)
        .where('p.active', '=', 1)
        .executeTakeFirst(),

    /** Sold out or back at the branch; a product with no branch row gets one (list price, offered). */
    setSoldOut: (executor: DbExecutor, branchId: number, productId: number, soldOut: boolean) =>
      executor
        .insertInto('branch_products')
        .values({
          branch_id: branchId,
          product_id: productId,
          price: null,
          sold_out: soldOut ? 1 : 0,
          offered: 1,
        })
        .onConflict((oc) =>
          oc.columns(['branch_id', 'product_id']).doUpdateSet({ sold_out: soldOut ? 1 : 0 }),
        )
        .execute(),
  };
}
