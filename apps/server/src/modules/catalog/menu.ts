import {
  priceRange,
  type CategoryWithProducts,
  type ModifierGroup,
  type Product,
  type UnavailableReason,
} from '@comanda/shared';
import { readAllergens, readTags } from '../../db/dietary';
import { yieldToLoop } from '../../lib/yield-to-loop';
import type { DaypartSchedule } from './dayparts';
import type { DbExecutor } from '../../db/types';
import {
  findBranch,
  findCategory,
  findProductForBranch,
  listModifierGroups,
  listProductsForBranch,
  soldOutOptions,
} from './repository';

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
  db: DbExecutor,
  slug: string,
  branchId: number,
  { at, dayparts }: MenuNow,
): Promise<CategoryWithProducts | null> {
  const [found, branch] = await Promise.all([findCategory(db, slug), findBranch(db, branchId)]);
  if (!found || !branch || !dayparts.categoryOffered(found.id, at)) return null;
  const all = await listProductsForBranch(db, found.id, branchId);
  const products = all.filter((p) => dayparts.productOffered(p.id, at));
  if (all.length > 0 && products.length === 0) return null;
  await yieldToLoop();
  const groups = await groupsOf(
    db,
    products.map((p) => p.id),
    branchId,
  );
  return {
    ...found,
    products: products.map((p) => {
      // The card's price is what the product's page starts from (decision 052): a size's price
      // when sizes are priced, never a branch or list price the customer cannot pay.
      const modifier_group = groups.get(p.id) ?? [];
      const range = priceRange({ price: p.price, modifier_group });
      return {
        id: p.id,
        slug: p.slug,
        image: p.image,
        title: p.title,
        description_eco: p.description_eco,
        ...atBranch(withExhausted(p, modifier_group)),
        price: range.price,
        price_varies: range.varies,
        ...dietaryOf(p),
      };
    }),
  };
}

/**
 * The visible option groups of some products at a branch, in the wire's words, sold-out options
 * marked: by product id, each product's in menu order.
 */
async function groupsOf(
  db: DbExecutor,
  productIds: readonly number[],
  branchId: number,
): Promise<Map<number, ModifierGroup[]>> {
  const { groups, options } = await listModifierGroups(db, productIds);
  // All of the branch's (a few rows), not an `in` list as long as a large category's options.
  const soldOut = await soldOutOptions(db, branchId);
  if (productIds.length > 1) await yieldToLoop();
  // Options by group first: a large category has thousands of both.
  const optionsOf = new Map<number, ModifierGroup['modifiers_product']>();
  for (const o of options) {
    const list = optionsOf.get(o.group_id) ?? [];
    list.push({
      id: o.id,
      title: o.title,
      price: o.price,
      selected: false,
      modifier: { title: o.modifier_title },
      sold_out: soldOut.has(o.id),
    });
    optionsOf.set(o.group_id, list);
  }
  const byProduct = new Map<number, ModifierGroup[]>();
  for (const group of groups) {
    const list = byProduct.get(group.product_id) ?? [];
    list.push({
      id: group.id,
      title: group.title,
      required: group.required === 1,
      type_input: group.type_input === 2 ? 2 : 1,
      min_choices: group.min_choices,
      max_choices: group.max_choices,
      modifiers_product: optionsOf.get(group.id) ?? [],
    });
    byProduct.set(group.product_id, list);
  }
  return byProduct;
}

/**
 * A product at a branch with its option groups; null when either is unknown, or outside its
 * dayparts (or its category's): the product page answers 404 then, as for a hidden product.
 */
export async function productAt(
  db: DbExecutor,
  slug: string,
  branchId: number,
  { at, dayparts }: MenuNow,
): Promise<Product | null> {
  const [found, branch] = await Promise.all([
    findProductForBranch(db, slug, branchId),
    findBranch(db, branchId),
  ]);
  if (!found || !branch || !dayparts.productOffered(found.id, at)) return null;
  const groups = (await groupsOf(db, [found.id], branchId)).get(found.id) ?? [];
  return {
    id: found.id,
    slug: found.slug,
    title: found.title,
    description: found.description,
    description_eco: found.description_eco,
    image: found.image,
    ...atBranch(withExhausted(found, groups)),
    favorite: null,
    category: { slug: found.category_slug, title: found.category_title },
    modifier_group: groups,
    ...dietaryOf(found),
  };
}

/** A product row's allergens and tags, in the wire's words (codes in the shared lists' order). */
const dietaryOf = (row: { allergens: string; tags: string }) => ({
  allergens: readAllergens(row.allergens),
  tags: readTags(row.tags),
});

/** Sold out as well when a required group has nothing left to choose: the card as its page says. */
function withExhausted<T extends { unavailable: UnavailableReason }>(
  product: T,
  groups: readonly ModifierGroup[],
): T {
  return product.unavailable === null && groups.some(isExhausted)
    ? { ...product, unavailable: 'sold_out' }
    : product;
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
