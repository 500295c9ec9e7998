// The back office's categories: plain functions of the executor (the app's database, or a
// change's transaction), decision 065.
import type { DbExecutor } from '../../db/types';

/** A category's own columns: selected, and grouped by beside its product count. */
const CATEGORY_COLUMNS = [
  'c.id',
  'c.slug',
  'c.title',
  'c.photo',
  'c.position',
  'c.active',
  'c.version',
  'c.dayparts',
] as const;

/** Every category, hidden ones too, with how many products each has. */
export const listCategories = (executor: DbExecutor) =>
  executor
    .selectFrom('categories as c')
    .leftJoin('products as p', 'p.category_id', 'c.id')
    .select([...CATEGORY_COLUMNS, (eb) => eb.fn.count<number | string>('p.id').as('products')])
    .groupBy([...CATEGORY_COLUMNS])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();

export const findCategory = (executor: DbExecutor, id: number) =>
  executor
    .selectFrom('categories')
    .select(['id', 'slug', 'title', 'photo', 'position', 'active', 'version', 'dayparts'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A new category; null when its slug is taken (nothing inserted: lib/slug.ts tries the next). */
export async function insertCategory(
  executor: DbExecutor,
  row: { slug: string; title: string; photo: string; position: number; dayparts?: string },
): Promise<number | null> {
  const inserted = await executor
    .insertInto('categories')
    .values(row)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export const setCategoryFields = (
  executor: DbExecutor,
  id: number,
  changes: { title?: string; photo?: string; active?: number; dayparts?: string },
) => executor.updateTable('categories').set(changes).where('id', '=', id).execute();
