import type { DbExecutor } from '../../db/types';
import { productsAtBranch } from '../../db/branch-product';
import { soldOutOptionsAt, visibleOptionGroups } from '../../db/option-groups';

// Catalogue reads, plain functions of the database (decision 065). Rows come back close to the
// tables; branches.ts, menu.ts and content.ts shape them for the wire.

/** The branches' hours, zones, exceptions from `exceptionsFrom` on and places, by branch. */
async function branchDetails(db: DbExecutor, branchIds: number[], exceptionsFrom: string) {
  if (branchIds.length === 0) return { hours: [], zones: [], exceptions: [], places: [] };
  const [hours, zones, exceptions, places] = await Promise.all([
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
    db
      .selectFrom('places')
      .select(['ref_id', 'lat', 'lng'])
      .where('kind', '=', 'branch')
      .where('ref_id', 'in', branchIds)
      .execute(),
  ]);
  return { hours, zones, exceptions, places };
}

/** The storefront's branches (hidden ones left out), with hours, zones and exceptions from `exceptionsFrom` on. */
export async function listBranches(db: DbExecutor, exceptionsFrom: string) {
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
      db,
      branches.map((b) => b.id),
      exceptionsFrom,
    )),
  };
}

export type BranchRows = Awaited<ReturnType<typeof listBranches>>;

export const findBranch = (db: DbExecutor, id: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'slug', 'title'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();

export const listCategories = (db: DbExecutor) =>
  db
    .selectFrom('categories')
    .select(['id', 'slug', 'title', 'photo'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findCategory = (db: DbExecutor, slug: string) =>
  db
    .selectFrom('categories')
    .select(['id', 'slug', 'title', 'photo'])
    .where('slug', '=', slug)
    .where('active', '=', 1)
    .executeTakeFirst();

/** Products of a category with the branch's price and state (no row: offered at the product price). */
export const listProductsForBranch = (db: DbExecutor, categoryId: number, branchId: number) =>
  productsAtBranch(db, branchId)
    .select(['p.id', 'p.slug', 'p.title', 'p.description_eco', 'p.image', 'p.allergens', 'p.tags'])
    .where('p.category_id', '=', categoryId)
    .where('p.active', '=', 1)
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();

export const findProductForBranch = (db: DbExecutor, slug: string, branchId: number) =>
  productsAtBranch(db, branchId)
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.description',
      'p.description_eco',
      'p.image',
      'p.allergens',
      'p.tags',
      'c.slug as category_slug',
      'c.title as category_title',
    ])
    .where('p.slug', '=', slug)
    .where('p.active', '=', 1)
    .where('c.active', '=', 1)
    .executeTakeFirst();

/**
 * The menu's dayparts (modules/catalog/dayparts.ts): categories with windows, and every active
 * product's (to tell when they empty a category). Read once per catalogue version.
 */
export async function listDayparts(db: DbExecutor) {
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
}

export const listModifierGroups = (db: DbExecutor, productIds: number | readonly number[]) =>
  visibleOptionGroups(db, productIds);

/** Which options (of `optionIds`, or all) are sold out at the branch today (decision 050). */
export const soldOutOptions = (db: DbExecutor, branchId: number, optionIds?: readonly number[]) =>
  soldOutOptionsAt(db, branchId, optionIds);

/** The banners shown on `today` (a chain day, YYYY-MM-DD): active, and today within their dates. */
export const listBanners = (db: DbExecutor, today: string) =>
  db
    .selectFrom('banners')
    .select(['id', 'title', 'image', 'promotion_id'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', today)]))
    .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>=', today)]))
    .orderBy('position')
    .orderBy('id')
    .execute();

/** These promotions' chosen categories (JSON text) and the slug of every category, for banners' links. */
export async function promotionCategories(db: DbExecutor, ids: readonly number[]) {
  const promotions = await db
    .selectFrom('promotions')
    .select(['id', 'category_ids'])
    .where('id', 'in', ids)
    .execute();
  const slugs = await db.selectFrom('categories').select(['id', 'slug']).execute();
  return { promotions, slugs };
}

export const listPaymentTypes = (db: DbExecutor) =>
  db
    .selectFrom('payment_types')
    .select(['id', 'description', 'position', 'kind'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const listParameters = (db: DbExecutor, segment: string) =>
  db
    .selectFrom('parameters')
    .select(['id', 'description'])
    .where('segment', '=', segment)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findCouponForBranch = (db: DbExecutor, branchId: number) =>
  db
    .selectFrom('coupons as c')
    .innerJoin('branches as b', 'b.id', 'c.branch_id')
    .select(['c.title', 'c.description', 'c.main_image', 'c.confirmation_image'])
    .where('c.branch_id', '=', branchId)
    .where('c.active', '=', 1)
    .where('b.active', '=', 1)
    .orderBy('c.id', 'desc')
    .executeTakeFirst();

/** /redes-sociales: the accounts shown, in order. */
export const listSocialLinks = (db: DbExecutor) =>
  db
    .selectFrom('social_links')
    .select(['network', 'handle', 'value'])
    .where('active', '=', 1)
    .orderBy('position')
    .execute();
