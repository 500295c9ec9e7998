// The back office's products: plain functions of the executor (the app's database, or a
// change's transaction), decision 065.
import type { DbExecutor, ProductTable } from '../../db/types';

/** A product's own columns as an insert names them (id, active and version have defaults). */
type NewProduct = Omit<
  ProductTable,
  'id' | 'active' | 'version' | 'dayparts' | 'allergens' | 'tags'
> & {
  /** JSON (db/dayparts.ts); absent: `[]` on insert, unchanged on update. */
  dayparts?: string;
  /** JSON lists of codes (db/dietary.ts); absent: `[]` on insert, unchanged on update. */
  allergens?: string;
  tags?: string;
};

/** What the list and the editor both read of a product, with its category's title. */
const SUMMARY_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.category_id',
  'c.title as category_title',
  'p.price',
  'p.image',
  'p.position',
  'p.active',
  'p.version',
] as const;

/** Every product, hidden ones too, in menu order; the service filters by words. */
export function listProductRows(executor: DbExecutor, categoryId?: number) {
  let query = executor
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(SUMMARY_COLUMNS)
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('p.position')
    .orderBy('p.id');
  if (categoryId !== undefined) query = query.where('p.category_id', '=', categoryId);
  return query.execute();
}

export const findProduct = (executor: DbExecutor, id: number) =>
  executor
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    // Its kitchen station, set apart from the product's own write (decision 072).
    .leftJoin('product_stations as ps', 'ps.product_id', 'p.id')
    .select([
      ...SUMMARY_COLUMNS,
      'p.description',
      'p.description_eco',
      'p.dayparts',
      'p.allergens',
      'p.tags',
      'ps.station_id',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();

/** A new product; null when its slug is taken (nothing inserted: lib/slug.ts tries the next). */
export async function insertProduct(executor: DbExecutor, row: NewProduct): Promise<number | null> {
  const inserted = await executor
    .insertInto('products')
    .values(row)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Saves the editor's fields; the version was claimed first, in the same transaction (lib/admin-write.ts). */
export const saveEditorFields = (
  executor: DbExecutor,
  id: number,
  changes: Omit<NewProduct, 'slug' | 'position'> & { position?: number },
) => executor.updateTable('products').set(changes).where('id', '=', id).execute();

export const setProductActive = (executor: DbExecutor, id: number, active: number) =>
  executor.updateTable('products').set({ active }).where('id', '=', id).execute();
