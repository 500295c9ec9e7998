import { isSingleChoice } from './option-kind';

/** The fields pricing reads: a product or a cart item, as the wire and the cart carry them. */
export interface PricedOption {
  price: number;
  selected: boolean;
}
export interface PricedGroup {
  required: boolean;
  /** 1 single choice, 2 multiple choice (see option-rules.ts). */
  type_input: number;
  modifiers_product: readonly PricedOption[];
}
export interface PricedProduct {
  price: number;
  modifier_group: readonly PricedGroup[];
}

/**
 * Whether a group's chosen price replaces the product's price instead of adding to it: a required
 * single choice, i.e. a size. A required multiple choice ("at least one sauce") is not a size:
 * its options add up like extras, so choosing two priced sauces never drops the product's price.
 */
export const setsBasePrice = (group: Pick<PricedGroup, 'required' | 'type_input'>): boolean =>
  group.required && isSingleChoice(group);

/**
 * The one pricing rule, used by the storefront to show a total and by the server to charge it.
 * unit = base + Σ selected options of the other groups; base is the selected price of the
 * required single-choice groups when above 0 (a size, say), else the product's price.
 *
 * With several size-like groups the priced choices add up; the demo chain prices at most one
 * per product, where this is exactly "the selected required option's price".
 */
export function unitPrice(product: PricedProduct): number {
  let basePrice = 0;
  let addedPrice = 0;
  for (const group of product.modifier_group) {
    const base = setsBasePrice(group);
    for (const option of group.modifiers_product) {
      if (!option.selected) continue;
      if (base) basePrice += option.price;
      else addedPrice += option.price;
    }
  }
  return (basePrice > 0 ? basePrice : product.price) + addedPrice;
}

export function lineTotal(product: PricedProduct, quantity: number): number {
  return unitPrice(product) * quantity;
}

/** The cart's total: the sum of its lines, each priced by the same rule. */
export function cartTotal(items: readonly (PricedProduct & { quantity: number })[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item, item.quantity), 0);
}
