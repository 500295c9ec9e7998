import type {
  CategoryWithProducts,
  ModifierGroup,
  Product,
  UnavailableReason,
} from '@comanda/shared';
import type { CatalogRepository } from './repository';

/** A product's price and availability at a branch, as db/branch-product.ts reads them, in the wire's words. */
function atBranch(product: { price: number; unavailable: UnavailableReason }) {
  return {
    price: product.price,
    available: product.unavailable === null,
    unavailable_reason: product.unavailable,
  };
}

/** A category with its products at a branch; null when either is unknown. */
export async function categoryAt(
  repository: CatalogRepository,
  slug: string,
  branchId: number,
): Promise<CategoryWithProducts | null> {
  const [found, branch] = await Promise.all([
    repository.findCategory(slug),
    repository.findBranch(branchId),
  ]);
  if (!found || !branch) return null;
  const products = await repository.listProductsForBranch(found.id, branchId);
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

/** A product at a branch with its option groups; null when either is unknown. */
export async function productAt(
  repository: CatalogRepository,
  slug: string,
  branchId: number,
): Promise<Product | null> {
  const [found, branch] = await Promise.all([
    repository.findProductForBranch(slug, branchId),
    repository.findBranch(branchId),
  ]);
  if (!found || !branch) return null;
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
