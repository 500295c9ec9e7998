import type { Kysely } from 'kysely';
import type { Database, DbExecutor } from '../../db/types';
import { branchProductJoin } from '../../db/branch-product';
import { visibleOptionGroups } from '../../db/option-groups';

/** The back office's menu reads and writes. Writes take the executor of the change's transaction. */
export function createAdminMenuRepository(db: Kysely<Database>) {
  return {
    /** Every category, hidden ones too, with how many products each has. */
    listCategories: () =>
      db
        .selectFrom('categories as c')
        .leftJoin('products as p', 'p.category_id', 'c.id')
        .select([
          'c.id',
          'c.slug',
          'c.title',
          'c.photo',
          'c.position',
          'c.active',
          'c.version',
          (eb) => eb.fn.count<number | string>('p.id').as('products'),
        ])
        .groupBy(['c.id', 'c.slug', 'c.title', 'c.photo', 'c.position', 'c.active', 'c.version'])
        .orderBy('c.position')
        .orderBy('c.id')
        .execute(),

    findCategory: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('categories')
        .select(['id', 'slug', 'title', 'photo', 'position', 'active', 'version'])
        .where('id', '=', id)
        .executeTakeFirst(),

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

    async insertCategory(
      executor: DbExecutor,
      row: { slug: string; title: string; photo: string; position: number },
    ) {
      const { id } = await executor
        .insertInto('categories')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    updateCategory: (
      executor: DbExecutor,
      id: number,
      changes: { title?: string; photo?: string; active?: number },
    ) => executor.updateTable('categories').set(changes).where('id', '=', id).execute(),

    // -----------------------------------------------------------------------------------------
    // Products
    // -----------------------------------------------------------------------------------------

    /** Every product, hidden ones too, in menu order; the service filters by words. */
    listProducts(categoryId?: number) {
      let query = db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
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
        ])
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('p.position')
        .orderBy('p.id');
      if (categoryId !== undefined) query = query.where('p.category_id', '=', categoryId);
      return query.execute();
    },

    findProduct: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.category_id',
          'c.title as category_title',
          'p.description',
          'p.description_eco',
          'p.price',
          'p.image',
          'p.position',
          'p.active',
          'p.version',
        ])
        .where('p.id', '=', id)
        .executeTakeFirst(),

    /** The product's visible groups and options (removed ones are kept hidden, and left out). */
    groupsOf: visibleOptionGroups,

    /** Every group and option the product ever had (hidden ones too): ids an edit may name. */
    async allGroupIds(executor: DbExecutor, productId: number) {
      const groups = await executor
        .selectFrom('modifier_groups')
        .select('id')
        .where('product_id', '=', productId)
        .execute();
      const options =
        groups.length === 0
          ? []
          : await executor
              .selectFrom('modifier_options')
              .select(['id', 'group_id'])
              .where(
                'group_id',
                'in',
                groups.map((g) => g.id),
              )
              .execute();
      return { groups: groups.map((g) => g.id), options };
    },

    async insertProduct(
      executor: DbExecutor,
      row: {
        category_id: number;
        slug: string;
        title: string;
        description: string;
        description_eco: string;
        image: string;
        price: number;
        position: number;
      },
    ) {
      const { id } = await executor
        .insertInto('products')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Saves the editor's fields; the version was claimed first, in the same transaction (lib/admin-write.ts). */
    updateProduct: (
      executor: DbExecutor,
      id: number,
      changes: {
        category_id: number;
        title: string;
        description: string;
        description_eco: string;
        image: string;
        price: number;
        position?: number;
      },
    ) => executor.updateTable('products').set(changes).where('id', '=', id).execute(),

    setProductActive: (executor: DbExecutor, id: number, active: number) =>
      executor.updateTable('products').set({ active }).where('id', '=', id).execute(),

    /** The shared ingredient row of an option title ("Tocineta"), made when new. */
    async modifierId(executor: DbExecutor, title: string): Promise<number> {
      const found = await executor
        .selectFrom('modifiers')
        .select('id')
        .where('title', '=', title)
        .executeTakeFirst();
      if (found) return found.id;
      await executor
        .insertInto('modifiers')
        .values({ title })
        .onConflict((oc) => oc.column('title').doNothing())
        .execute();
      const { id } = await executor
        .selectFrom('modifiers')
        .select('id')
        .where('title', '=', title)
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertGroup(
      executor: DbExecutor,
      row: {
        product_id: number;
        title: string;
        required: number;
        type_input: number;
        min_choices: number | null;
        max_choices: number | null;
        position: number;
      },
    ) {
      const { id } = await executor
        .insertInto('modifier_groups')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    updateGroup: (
      executor: DbExecutor,
      id: number,
      row: {
        title: string;
        required: number;
        type_input: number;
        min_choices: number | null;
        max_choices: number | null;
        position: number;
      },
    ) =>
      executor
        .updateTable('modifier_groups')
        .set({ ...row, active: 1 })
        .where('id', '=', id)
        .execute(),

    async insertOption(
      executor: DbExecutor,
      row: {
        group_id: number;
        modifier_id: number;
        title: string;
        price: number;
        position: number;
      },
    ) {
      const { id } = await executor
        .insertInto('modifier_options')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    updateOption: (
      executor: DbExecutor,
      id: number,
      row: {
        group_id: number;
        modifier_id: number;
        title: string;
        price: number;
        position: number;
      },
    ) =>
      executor
        .updateTable('modifier_options')
        .set({ ...row, active: 1 })
        .where('id', '=', id)
        .execute(),

    /** Hides the product's groups and options not in the lists (never deletes: carts and orders name them). */
    async hideGroupsExcept(
      executor: DbExecutor,
      productId: number,
      keepGroups: number[],
      keepOptions: number[],
    ) {
      let groups = executor
        .updateTable('modifier_groups')
        .set({ active: 0 })
        .where('product_id', '=', productId);
      if (keepGroups.length > 0) groups = groups.where('id', 'not in', keepGroups);
      await groups.execute();
      let options = executor
        .updateTable('modifier_options')
        .set({ active: 0 })
        .where('group_id', 'in', (eb) =>
          eb.selectFrom('modifier_groups').select('id').where('product_id', '=', productId),
        );
      if (keepOptions.length > 0) options = options.where('id', 'not in', keepOptions);
      await options.execute();
    },

    // -----------------------------------------------------------------------------------------
    // A product at each branch
    // -----------------------------------------------------------------------------------------

    findBranch: (executor: DbExecutor, id: number) =>
      executor
        .selectFrom('branches')
        .select(['id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Every branch with what it does with the product (no row: offered at the product's price). */
    branchStates: (executor: DbExecutor, productId: number) =>
      executor
        .selectFrom('branches as b')
        .leftJoin(
          'branch_products as bp',
          branchProductJoin({ product: productId, branch: 'b.id' }),
        )
        .select([
          'b.id as branch_id',
          'b.title as branch_title',
          'bp.offered',
          'bp.price',
          'bp.sold_out',
          'bp.version',
        ])
        .orderBy('b.position')
        .orderBy('b.id')
        .execute(),

    upsertBranchProduct: (
      executor: DbExecutor,
      row: {
        branch_id: number;
        product_id: number;
        offered: number;
        price: number | null;
        sold_out: number;
      },
    ) =>
      executor
        .insertInto('branch_products')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['branch_id', 'product_id'])
            .doUpdateSet({ offered: row.offered, price: row.price, sold_out: row.sold_out }),
        )
        .execute(),
  };
}

export type AdminMenuRepository = ReturnType<typeof createAdminMenuRepository>;
