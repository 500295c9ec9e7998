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

/** A product's visible option groups at a branch, in the wire's words, sold-out options marked. */
async function groupsOf(repository: CatalogRepository, productId: number, branchId: number) {
  const { groups, options } = await repository.listModifierGroups(productId);
  const soldOut = await repository.soldOutOptions(
    branchId,
    options.map((o) => o.id),
  );
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
        sold_out: soldOut.has(o.id),
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
  const groups = await groupsOf(repository, found.id, branchId);
  return {
    id: found.id,
    slug: found.slug,
    title: found.title,
    description: found.description,
    description_eco: found.description_eco,
    image: found.image,
    ...atBranch(
      found.unavailable === null && groups.some(isExhausted)
        ? { ...found, unavailable: 'sold_out' }
        : found,
    ),
    favorite: null,
    category: { slug: found.category_slug, title: found.category_title },
    modifier_group: groups,
  };
}

/**
 * A required group whose every option is sold out at the branch: nothing can be chosen, so the
 * product page reads as sold out (decision 050). Placement needs no rule of its own: any choice
 * made there is a sold-out option, and an empty one is a missing required choice.
 */
const isExhausted = (group: ModifierGroup) =>
  group.required &&
  group.modifiers_product.length > 0 &&
  group.modifiers_product.every((option) => option.sold_out === true);
