import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';
import { soldOutOptionsAt, visibleOptionGroups } from '../../db/option-groups';

/** Catalogue reads. Rows come back close to the tables; service.ts shapes them for the wire. */
export function createCatalogRepository(db: Kysely<Database>) {
  async function branchDetails(branchIds: number[], exceptionsFrom: string) {
    if (branchIds.length === 0) return { hours: [], zones: [], exceptions: [] };
    const [hours, zones, exceptions] = await Promise.all([
      db
        .selectFrom('branch_hours')
        .select(['branch_id', 'weekday', 'opens', 'closes'])
        .where('branch_id', 'in', branchIds)
        .orderBy('branch_id')
        .orderBy('weekday')
        .orderBy('opens')
        .execute(),
      db
        .selectFrom('branch_delivery_zones')
        .select(['branch_id', 'neighbourhood', 'fee', 'min_order', 'delivery_minutes'])
        .where('branch_id', 'in', branchIds)
        .orderBy('neighbourhood')
        .execute(),
      db
        .selectFrom('branch_exceptions')
        .select(['branch_id', 'date', 'closed', 'ranges'])
        .where('branch_id', 'in', branchIds)
        .where('date', '>=', exceptionsFrom)
        .orderBy('date')
        .execute(),
    ]);
    return { hours, zones, exceptions };
  }

  return {
    /** The storefront's branches (hidden ones left out), with hours, zones and exceptions from `exceptionsFrom` on. */
    async listBranches(exceptionsFrom: string) {
      const branches = await db
        .selectFrom('branches')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return {
        branches,
        ...(await branchDetails(
          branches.map((b) => b.id),
          exceptionsFrom,
        )),
      };
    },

    async findBranch(id: number) {
      return db
        .selectFrom('branches')
        .select(['id', 'slug', 'title'])
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
    },

    async listCategories() {
      return db
        .selectFrom('categories')
        .select(['id', 'slug', 'title', 'photo'])
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async findCategory(slug: string) {
      return db
        .selectFrom('categories')
        .select(['id', 'slug', 'title', 'photo'])
        .where('slug', '=', slug)
        .where('active', '=', 1)
        .executeTakeFirst();
    },

    /** Products of a category with the branch's price and state (no row: offered at the product price). */
    async listProductsForBranch(categoryId: number, branchId: number) {
      return productsAtBranch(db, branchId)
        .select(['p.id', 'p.slug', 'p.title', 'p.description_eco', 'p.image'])
        .where('p.category_id', '=', categoryId)
        .where('p.active', '=', 1)
        .orderBy('p.position')
        .orderBy('p.id')
        .execute();
    },

    async findProductForBranch(slug: string, branchId: number) {
      return productsAtBranch(db, branchId)
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.description',
          'p.description_eco',
          'p.image',
          'c.slug as category_slug',
          'c.title as category_title',
        ])
        .where('p.slug', '=', slug)
        .where('p.active', '=', 1)
        .where('c.active', '=', 1)
        .executeTakeFirst();
    },

    /**
     * The menu's dayparts (modules/catalog/dayparts.ts): categories with windows, and every active
     * product's (to tell when they empty a category). Read once per catalogue version.
     */
    async listDayparts() {
      const [categories, products] = await Promise.all([
        db
          .selectFrom('categories')
          .select(['id', 'dayparts'])
          .where('active', '=', 1)
          .where('dayparts', '<>', '[]')
          .execute(),
        db
          .selectFrom('products')
          .select(['id', 'category_id', 'dayparts'])
          .where('active', '=', 1)
          .execute(),
      ]);
      return { categories, products };
    },

    listModifierGroups: (productIds: number | readonly number[]) =>
      visibleOptionGroups(db, productIds),

    /** Which options (of `optionIds`, or all) are sold out at the branch today (decision 050). */
    soldOutOptions: (branchId: number, optionIds?: readonly number[]) =>
      soldOutOptionsAt(db, branchId, optionIds),

    /** The banners shown on `today` (a chain day, YYYY-MM-DD): active, and today within their dates. */
    async listBanners(today: string) {
      return db
        .selectFrom('banners')
        .select(['id', 'title', 'image'])
        .where('active', '=', 1)
        .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', today)]))
        .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>=', today)]))
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async listPaymentTypes() {
      return db
        .selectFrom('payment_types')
        .select(['id', 'description', 'position', 'kind'])
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async listParameters(segment: string) {
      return db
        .selectFrom('parameters')
        .select(['id', 'description'])
        .where('segment', '=', segment)
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async findCouponForBranch(branchId: number) {
      return db
        .selectFrom('coupons as c')
        .innerJoin('branches as b', 'b.id', 'c.branch_id')
        .select(['c.title', 'c.description', 'c.main_image', 'c.confirmation_image'])
        .where('c.branch_id', '=', branchId)
        .where('c.active', '=', 1)
        .where('b.active', '=', 1)
        .orderBy('c.id', 'desc')
        .executeTakeFirst();
    },

    /** /redes-sociales: the accounts shown, in order. */
    listSocialLinks: () =>
      db
        .selectFrom('social_links')
        .select(['network', 'handle', 'value'])
        .where('active', '=', 1)
        .orderBy('position')
        .execute(),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
