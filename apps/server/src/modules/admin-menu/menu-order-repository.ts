// What categories and products share: a free slug and the next position of their table. Plain
// functions of the change's transaction (decision 065).
import type { DbExecutor } from '../../db/types';

/** The slugs of a table equal to `base` or `base-…`, to pick the next free suffix. */
export const slugsLike = (executor: DbExecutor, table: 'categories' | 'products', base: string) =>
  executor
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();

/** The position after the last one of a table (or of one category's products). */
export async function nextPosition(
  executor: DbExecutor,
  table: 'categories' | 'products',
  categoryId?: number,
): Promise<number> {
  let query = executor
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('position').as('last'));
  if (table === 'products' && categoryId !== undefined)
    query = query.where('category_id', '=', categoryId);
  const row = await query.executeTakeFirst();
  return Number(row?.last ?? -1) + 1;
}
