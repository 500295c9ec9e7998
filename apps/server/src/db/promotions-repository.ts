import type { DbExecutor } from './types';

// The chain's promotions (migration 036, decision 082), plain functions of the executor
// (decision 065): the back office writes them, the storefront and placement read them.

const COLUMNS = [
  'id',
  'title',
  'kind',
  'buy',
  'pay',
  'percent',
  'amount',
  'price',
  'min_order',
  'product_ids',
  'category_ids',
  'days',
  'time_from',
  'time_to',
  'branch_ids',
  'starts_on',
  'ends_on',
  'per_customer_limit',
  'stacks_with_code',
  'active',
  'version',
] as const;

export const listPromotionRows = (executor: DbExecutor) =>
  executor.selectFrom('promotions').select(COLUMNS).orderBy('id').execute();

export const findPromotionRow = (executor: DbExecutor, id: number) =>
  executor.selectFrom('promotions').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type PromotionRow = NonNullable<Awaited<ReturnType<typeof findPromotionRow>>>;
export type PromotionValues = Omit<PromotionRow, 'id' | 'version'>;

export async function insertPromotion(trx: DbExecutor, values: PromotionValues): Promise<number> {
  const row = await trx
    .insertInto('promotions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const updatePromotion = (trx: DbExecutor, id: number, values: PromotionValues) =>
  trx.updateTable('promotions').set(values).where('id', '=', id).execute();

export const deletePromotion = (trx: DbExecutor, id: number) =>
  trx.deleteFrom('promotions').where('id', '=', id).execute();

/** Every product's category: what a rule on a category matches. */
export const productCategories = (executor: DbExecutor) =>
  executor.selectFrom('products').select(['id', 'category_id']).execute();

/** How many of the ids exist in a table: a rule naming one that does not is refused. */
export async function countExisting(
  executor: DbExecutor,
  table: 'products' | 'categories' | 'branches',
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await executor
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The promotions of a customer's orders that count against a per-customer limit: every order
 * with a promotion except those rejected, cancelled or never paid (the limit is of orders the
 * customer got).
 */
export async function customerPromotionTexts(
  executor: DbExecutor,
  userId: number,
): Promise<string[]> {
  const rows = await executor
    .selectFrom('orders')
    .select('promotions')
    .where('user_id', '=', userId)
    .where('promotions', '<>', '[]')
    .where('status', 'not in', ['rejected', 'cancelled', 'payment_expired'])
    .execute();
  return rows.map((row) => row.promotions);
}
