// What the menu's CSV export and import read and write: plain functions of the executor
// (decision 065).
import type { DbExecutor } from '../../db/types';

/** Every product, hidden ones too, in menu order, with its category's title and its version. */
export const menuProducts = (executor: DbExecutor) =>
  executor
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.description',
      'p.price',
      'p.active',
      'p.version',
      'c.title as category_title',
    ])
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();

/** Every branch, closed ones too: each gets its price column. */
export const menuBranches = (executor: DbExecutor) =>
  executor
    .selectFrom('branches')
    .select(['id', 'slug', 'title'])
    .orderBy('position')
    .orderBy('id')
    .execute();

/** Every product's row at every branch: its own price (null: the list price) and version. */
export const menuBranchRows = (executor: DbExecutor) =>
  executor
    .selectFrom('branch_products')
    .select(['branch_id', 'product_id', 'price', 'version'])
    .execute();

export const setProductFields = (
  executor: DbExecutor,
  id: number,
  fields: { title?: string; description?: string; price?: number; active?: number },
) => executor.updateTable('products').set(fields).where('id', '=', id).execute();

/** A branch's own price, or null for the list price; its row exists (the claim made it). */
export const setBranchOwnPrice = (
  executor: DbExecutor,
  branchId: number,
  productId: number,
  price: number | null,
) =>
  executor
    .updateTable('branch_products')
    .set({ price })
    .where('branch_id', '=', branchId)
    .where('product_id', '=', productId)
    .execute();
