import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';
import { soldOutOptionsAt } from '../../db/option-groups';

/** What the console's sold-out list shows of a product, with its category. */
const PRODUCT_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.image',
  'c.slug as category_slug',
  'c.title as category_title',
] as const;

/** Visible options of visible groups of active products, in menu order (the product page's). */
const visibleOptions = (executor: DbExecutor) =>
  executor
    .selectFrom('modifier_options as o')
    .innerJoin('modifier_groups as g', 'g.id', 'o.group_id')
    .innerJoin('products as p', 'p.id', 'g.product_id')
    .select(['o.id', 'g.product_id', 'g.title as group', 'o.title', 'p.title as product_title'])
    .where('o.active', '=', 1)
    .where('g.active', '=', 1)
    .where('p.active', '=', 1);

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

    /**
     * Every visible option with whether it is sold out at the branch (decision 050); with
     * `productId`, that product's alone (a switch's answer: a 100× menu has tens of thousands).
     */
    async optionsAt(branchId: number, productId?: number) {
      const visible =
        productId === undefined
          ? visibleOptions(db)
          : visibleOptions(db).where('g.product_id', '=', productId);
      const [rows, soldOut] = await Promise.all([
        visible
          .orderBy('g.position')
          .orderBy('g.id')
          .orderBy('o.position')
          .orderBy('o.id')
          .execute(),
        soldOutOptionsAt(db, branchId),
      ]);
      return rows.map((row) => ({ ...row, sold_out: soldOut.has(row.id) }));
    },

    /** One visible option with whether it is sold out at the branch; undefined when unknown. */
    async optionAt(branchId: number, optionId: number, executor: DbExecutor = db) {
      const row = await visibleOptions(executor).where('o.id', '=', optionId).executeTakeFirst();
      if (!row) return undefined;
      const soldOut = await soldOutOptionsAt(executor, branchId, [optionId]);
      return { ...row, sold_out: soldOut.has(optionId) };
    },

    /** Sold out (a row) or back (no row) at the branch. */
    async setOptionSoldOut(
      executor: DbExecutor,
      branchId: number,
      optionId: number,
      soldOut: boolean,
    ) {
      if (soldOut)
        await executor
          .insertInto('branch_sold_out_options')
          .values({ branch_id: branchId, option_id: optionId })
          .onConflict((oc) => oc.columns(['branch_id', 'option_id']).doNothing())
          .execute();
      else
        await executor
          .deleteFrom('branch_sold_out_options')
          .where('branch_id', '=', branchId)
          .where('option_id', '=', optionId)
          .execute();
    },

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
