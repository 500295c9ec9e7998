import type { CartItem } from '@/stores/session-store';

/** The titles of a line's chosen options, in menu order: "Mediana (6 porciones), Extra tocineta". */
export function selectedOptionTitles(line: Pick<CartItem, 'modifier_group'>): string[] {
  return line.modifier_group.flatMap((group) =>
    group.modifiers_product.filter((option) => option.selected).map((option) => option.title),
  );
}

/** The cart's distinct product slugs, in cart order. */
export function distinctSlugs(cart: readonly Pick<CartItem, 'slug'>[]): string[] {
  return [...new Set(cart.map((line) => line.slug))];
}
