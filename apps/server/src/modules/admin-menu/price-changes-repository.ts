// What a bulk price change reads and writes: plain functions of the change's executor
// (decision 065).
import type { DbExecutor } from '../../db/types';

/** The chosen products (or a category's, hidden ones too) in menu order, with their versions. */
export function priceTargets(executor: DbExecutor, where: { ids?: number[]; categoryId?: number }) {
  let query = executor
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.title', 'p.price', 'p.version', 'c.title as category_title'])
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('p.position')
    .orderBy('p.id');
  if (where.ids) query = query.where('p.id', 'in', where.ids);
  if (where.categoryId !== undefined) query = query.where('p.category_id', '=', where.categoryId);
  return query.execute();
}

/** The visible options of the products' visible required single choices (sizes), priced or not. */
export const sizeOptions = (executor: DbExecutor, productIds: number[]) =>
  executor
    .selectFrom('modifier_options as o')
    .innerJoin('modifier_groups as g', 'g.id', 'o.group_id')
    .select(['o.id', 'o.title', 'o.price', 'g.product_id'])
    .where('g.product_id', 'in', productIds)
    .where('g.active', '=', 1)
    .where('g.required', '=', 1)
    .where('g.type_input', '=', 1)
    .where('o.active', '=', 1)
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('o.position')
    .orderBy('o.id')
    .execute();

/**
 * Each branch's row for the products (one branch, or all), with the branch's title: its own
 * price (null: the list price) and its version.
 */
export function branchRows(executor: DbExecutor, productIds: number[], branchId?: number) {
  let query = executor
    .selectFrom('branch_products as bp')
    .innerJoin('branches as b', 'b.id', 'bp.branch_id')
    .select(['bp.product_id', 'bp.branch_id', 'b.title as branch_title', 'bp.price', 'bp.version'])
    .where('bp.product_id', 'in', productIds)
    .orderBy('b.position')
    .orderBy('b.id');
  if (branchId !== undefined) query = query.where('bp.branch_id', '=', branchId);
  return query.execute();
}

export const setListPrice = (executor: DbExecutor, productId: number, price: number) =>
  executor.updateTable('products').set({ price }).where('id', '=', productId).execute();

export const setOptionPrice = (executor: DbExecutor, optionId: number, price: number) =>
  executor.updateTable('modifier_options').set({ price }).where('id', '=', optionId).execute();

/** A branch's own price, its row made when it had none (offered, not sold out: the default). */
export const setBranchPrice = (
  executor: DbExecutor,
  branchId: number,
  productId: number,
  price: number,
) =>
  executor
    .insertInto('branch_products')
    .values({ branch_id: branchId, product_id: productId, price, offered: 1, sold_out: 0 })
    .onConflict((oc) => oc.columns(['branch_id', 'product_id']).doUpdateSet({ price }))
    .execute();
