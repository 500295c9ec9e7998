import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';
import { createBranchProductsRepository } from './branch-products-repository';
import { createCategoriesRepository } from './categories-repository';
import { createMenuCsvRepository } from './menu-csv-repository';
import { createPriceChangesRepository } from './price-changes-repository';
import { createProductGroupsRepository } from './product-groups-repository';
import { createProductsRepository } from './products-repository';

/** What categories and products share: a free slug and the next position of their table. */
function createMenuOrderRepository() {
  return {
    /** The slugs of a table equal to `base` or `base-…`, to pick the next free suffix. */
    slugsLike: (executor: DbExecutor, table: 'categories' | 'products', base: string) =>
      executor
        .selectFrom(table)
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute(),

    /** The position after the last one of a table (or of one category's products). */
    async nextPosition(
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
    },
  };
}

/**
 * The back office's menu reads and writes, one file per resource (`*-repository.ts`), composed
 * into the one object the services are given. Writes take the executor of the change's
 * transaction.
 */
export function createAdminMenuRepository(db: Kysely<Database>) {
  return {
    ...createCategoriesRepository(db),
    ...createMenuOrderRepository(),
    ...createProductsRepository(db),
    ...createProductGroupsRepository(),
    ...createBranchProductsRepository(),
    ...createPriceChangesRepository(),
    ...createMenuCsvRepository(),
  };
}

export type AdminMenuRepository = ReturnType<typeof createAdminMenuRepository>;
