import { lineTotal, type ModifierGroup, type Product } from '@comanda/shared';
import type { CartItem } from '@/stores/session-store';

/**
 * A cart line for `product` at its branch price, with `modifierGroups` (the product's groups,
 * each option's `selected` flag set as chosen) and a total from the one pricing function. The
 * product page and "Volver a pedir" build lines only through here, so they are alike. `note`: the
 * customer's note for the kitchen, kept only when it says something.
 */
export function cartItemFrom(
  product: Product,
  modifierGroups: ModifierGroup[],
  quantity: number,
  cartId: string,
  note = '',
): CartItem {
  const said = note.trim();
  return {
    _id: cartId,
    id: product.id,
    slug: product.slug,
    title: product.title,
    description: product.description,
    image: product.image,
    price: product.price,
    quantity,
    total: lineTotal({ price: product.price, modifier_group: modifierGroups }, quantity),
    favorite: product.favorite,
    modifier_group: modifierGroups,
    ...(said ? { note: said } : {}),
  };
}

/** A line's note for the kitchen, or '' (lines stored before notes have none). */
export const lineNote = (line: { note?: string | null }): string => line.note?.trim() ?? '';

/** The titles of a line's chosen options, in menu order: "Mediana (6 porciones), Extra tocineta". */
export function selectedOptionTitles(line: Pick<CartItem, 'modifier_group'>): string[] {
  return line.modifier_group.flatMap((group) =>
    group.modifiers_product.filter((option) => option.selected).map((option) => option.title),
  );
}
