import type {
  CategoryWithProducts,
  ModifierGroup,
  Product,
  UnavailableReason,
} from '@comanda/shared';
import type { DaypartSchedule } from './dayparts';
import type { CatalogRepository } from './repository';

/** The instant an answer is built for, and the menu's dayparts then (decision 047). */
export interface MenuNow {
  at: Date;
  dayparts: DaypartSchedule;
}

/** A product's price and availability at a branch, as db/branch-product.ts reads them, in the wire's words. */
function atBranch(product: { price: number; unavailable: UnavailableReason }) {
  return {
    price: product.price,
    available: product.unavailable === null,
    unavailable_reason: product.unavailable,
  };
}

/**
 * A category with its products at a branch, those outside their dayparts left out; null when
 * either is unknown, or when dayparts hide the category or every product it has.
 */
export async function categoryAt(
  repository: CatalogRepository,
  slug: string,
  branchId: number,
  { at, dayparts }: MenuNow,
): Promise<CategoryWithProducts | null> {
  const [found, branch] = await Promise.all([
    repository.findCategory(slug),
    repository.findBranch(branchId),
  ]);
  if (!found || !branch || !dayparts.categoryOffered(found.id, at)) return null;
  const all = await repository.listProductsForBranch(found.id, branchId);
  const products = all.filter((p) => dayparts.productOffered(p.id, at));
  if (all.length > 0 && products.length === 0) return null;
  return {
    ...found,
    products: products.map((p) => ({
      id: p.id,
      slug: p.slug,
      image: p.image,
      title: p.title,
      description_eco: p.description_eco,
      ...atBranch(p),
    })),
  };
}

/** A product's visible option groups, in the wire's words. */
async function groupsOf(repository: CatalogRepository, productId: number) {
  const { groups, options } = await repository.listModifierGroups(productId);
  return groups.map((group): ModifierGroup => ({
    id: group.id,
    title: group.title,
    required: group.required === 1,
    type_input: group.type_input === 2 ? 2 : 1,
    min_choices: group.min_choices,
    max_choices: group.max_choices,
    modifiers_product: options
      .filter((o) => o.group_id === group.id)
      .map((o) => ({
        id: o.id,
        title: o.title,
        price: o.price,
        selected: false,
        modifier: { title: o.modifier_title },
      })),
  }));
}

/**
 * A product at a branch with its option groups; null when either is unknown, or outside its
 * dayparts (or its category's): the product page answers 404 then, as for a hidden product.
 */
export async function productAt(
  repository: CatalogRepository,
  slug: string,
  branchId: number,
  { at, dayparts }: MenuNow,
): Promise<Product | null> {
  const [found, branch] = await Promise.all([
    repository.findProductForBranch(slug, branchId),
    repository.findBranch(branchId),
  ]);
  if (!found || !branch || !dayparts.productOffered(found.id, at)) return null;
  return {
    id: found.id,
    slug: found.slug,
    title: found.title,
    description: found.description,
    description_eco: found.description_eco,
    image: found.image,
    ...atBranch(found),
    favorite: null,
    category: { slug: found.category_slug, title: found.category_title },
    modifier_group: await groupsOf(repository, found.id),
  };
}
