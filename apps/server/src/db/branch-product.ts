import type { UnavailableReason } from '@comanda/shared';
import { sql, type ExpressionBuilder, type JoinBuilder } from 'kysely';
import type { Database, DbExecutor } from './types';

/**
 * A product at a branch: the one place that reads `branch_products`. A branch has a row for a
 * product only when it differs from the chain's default, so no row means offered, not sold out,
 * at the product's list price. Every reader (the storefront's catalogue, order placement, the
 * console's sold-out switch, the back office) joins through here, so they cannot disagree about
 * what a missing row, a null price or a flag means.
 */

/**
 * The join of `branch_products as bp` for one product at one branch. Either side may be a column
 * (`p.id` from a products query, `b.id` from a branches query) or a value.
 */
export function branchProductJoin(on: { product: 'p.id' | number; branch: 'b.id' | number }) {
  return <DB, TB extends keyof DB>(join: JoinBuilder<DB, TB>) =>
    join.on(
      sql<boolean>`${sql.ref('bp.product_id')} = ${typeof on.product === 'number' ? on.product : sql.ref(on.product)} and ${sql.ref('bp.branch_id')} = ${typeof on.branch === 'number' ? on.branch : sql.ref(on.branch)}`,
    );
}

type WithBranchProduct = ExpressionBuilder<
  Database & { p: Database['products']; bp: Database['branch_products'] },
  'p' | 'bp'
>;

/**
 * The rule, as columns: `price` (the branch's own price, else the list price), `offered` and
 * `sold_out` (1 or 0, defaults filled in) and `unavailable` (not offered wins over sold out).
 */
const atBranchColumns = (eb: WithBranchProduct) => [
  eb.fn.coalesce('bp.price', 'p.price').as('price'),
  eb.fn.coalesce('bp.offered', sql<number>`1`).as('offered'),
  eb.fn.coalesce('bp.sold_out', sql<number>`0`).as('sold_out'),
  sql<UnavailableReason>`case when ${sql.ref('bp.offered')} = 0 then 'not_offered' when ${sql.ref('bp.sold_out')} = 1 then 'sold_out' end`.as(
    'unavailable',
  ),
];

/**
 * `products as p` with what `branchId` does with each: the columns of atBranchColumns. Callers add
 * their own joins, columns and conditions.
 */
export function productsAtBranch(executor: DbExecutor, branchId: number) {
  return executor
    .selectFrom('products as p')
    .leftJoin('branch_products as bp', branchProductJoin({ product: 'p.id', branch: branchId }))
    .select(atBranchColumns);
}
