import type { Product, ProductCard } from '@comanda/shared';

/** Lower case without accents: "CLÁSICA", "clasica" and "Clásica" read alike. */
export const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The products whose name, description or option names (when the product's page has been read,
 * so its options are known) hold every word typed, in any order, accents and case aside, and
 * that carry every dietary tag chosen (`tags`, codes). Each product once, in menu order; none
 * when neither a word nor a tag is given.
 */
export function searchProducts(
  products: readonly ProductCard[],
  query: string,
  detailOf: (slug: string) => Product | undefined = () => undefined,
  tags: readonly string[] = [],
): ProductCard[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0 && tags.length === 0) return [];
  const seen = new Set<number>();
  return products.filter((product) => {
    if (seen.has(product.id)) return false;
    if (!tags.every((tag) => product.tags?.includes(tag))) return false;
    const options =
      detailOf(product.slug)
        ?.modifier_group.flatMap((group) => group.modifiers_product.map((option) => option.title))
        .join(' ') ?? '';
    const text = folded(`${product.title} ${product.description_eco} ${options}`);
    const found = words.every((word) => text.includes(word));
    if (found) seen.add(product.id);
    return found;
  });
}
