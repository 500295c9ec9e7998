/** The fields pricing reads: a product or a cart item, as the wire and the cart carry them. */
export interface PricedOption {
  price: number;
  selected: boolean;
}
export interface PricedGroup {
  required: boolean;
  modifiers_product: readonly PricedOption[];
}
export interface PricedProduct {
  price: number;
  modifier_group: readonly PricedGroup[];
}

/**
 * DESIGN §3, the one pricing rule, used by the storefront to show a total and by the server to
 * charge it. unit = base + Σ selected options of optional groups; base is the selected price of
 * the required groups when above 0 (a size, say), else the product's price.
 *
 * With several required groups the priced choices add up; the demo chain prices at most one
 * required group per product, where this is exactly the spec's "selected required option price".
 */
export function unitPrice(product: PricedProduct): number {
  let requiredPrice = 0;
  let optionalPrice = 0;
  for (const group of product.modifier_group) {
    for (const option of group.modifiers_product) {
      if (!option.selected) continue;
      if (group.required) requiredPrice += option.price;
      else optionalPrice += option.price;
    }
  }
  const base = requiredPrice > 0 ? requiredPrice : product.price;
  return base + optionalPrice;
}

export function lineTotal(product: PricedProduct, quantity: number): number {
  return unitPrice(product) * quantity;
}

/** The cart's total: the sum of its lines, each priced by the same rule. */
export function cartTotal(items: readonly (PricedProduct & { quantity: number })[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item, item.quantity), 0);
}
