import { choiceLimits, type OptionGroupRule } from './option-rules';
import { setsBasePrice, type PricedGroup, type PricedOption } from './pricing';

/** A group as the menu prices it: its limits, and options sold out at the branch. */
export interface RangedGroup extends OptionGroupRule {
  modifiers_product: readonly (PricedOption & { sold_out?: boolean })[];
}
/** A product as the menu prices it: its own price (at the branch) and its groups. */
export interface RangedProduct {
  price: number;
  modifier_group: readonly RangedGroup[];
}

/**
 * What the menu says a product costs (decision 052): `price`, the least one unit can cost under the
 * pricing rule (the cheapest choice in every required group, nothing optional), and `varies`,
 * whether a required choice can make it cost more ("Desde"). Optional extras never make it vary:
 * they are what the customer adds. Options sold out at the branch are not offered, unless all of a
 * group's are (the product is then sold out, and its full range is still its price).
 *
 * This is `unitPrice` at its two ends, without trying every combination: the sizes' base is the sum
 * of their chosen prices, or the product's own price when that sum is 0 (see pricing.ts).
 */
export function priceRange(product: RangedProduct): { price: number; varies: boolean } {
  const sizes: number[][] = [];
  let addedLow = 0;
  let addedHigh = 0;
  for (const group of product.modifier_group) {
    if (!group.required) continue;
    const open = group.modifiers_product.filter((option) => option.sold_out !== true);
    const prices = (open.length > 0 ? open : group.modifiers_product)
      .map((option) => option.price)
      .sort((a, b) => a - b);
    if (prices.length === 0) continue;
    if (setsBasePrice(group)) {
      sizes.push(prices);
      continue;
    }
    const { min } = choiceLimits(group);
    const taken = Math.min(min, prices.length);
    addedLow += sum(prices.slice(0, taken));
    addedHigh += sum(prices.slice(prices.length - taken));
  }
  const low = lowestBase(product.price, sizes) + addedLow;
  const high = highestBase(product.price, sizes) + addedHigh;
  return { price: low, varies: high !== low };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The cheapest base: the product's own price when every size can be chosen free, else the least
 * positive sum of one price per size group (all at their cheapest, or, when every group has a free
 * option, the single cheapest priced option with the others free).
 */
function lowestBase(own: number, sizes: readonly (readonly number[])[]): number {
  const cheapest = sum(sizes.map((prices) => prices[0] ?? 0));
  if (cheapest > 0) return cheapest;
  const priced = sizes.flat().filter((price) => price > 0);
  return priced.length > 0 ? Math.min(own, ...priced) : own;
}

/** The dearest base: every size at its dearest, or the product's own price when all are free. */
function highestBase(own: number, sizes: readonly (readonly number[])[]): number {
  const dearest = sum(sizes.map((prices) => prices[prices.length - 1] ?? 0));
  if (dearest > 0) {
    // A free size costs the product's own price, which can be above every priced one.
    return sizes.every((prices) => prices[0] === 0) ? Math.max(own, dearest) : dearest;
  }
  return own;
}

/**
 * Whether the product's own price (the list price, a branch's price) is ever paid: not when a size
 * group prices every one of its options, since a chosen size's price then replaces it. The back
 * office says so beside those prices instead of asking for one per branch.
 */
export const paysOwnPrice = (
  groups: readonly (Pick<PricedGroup, 'required' | 'type_input'> & {
    modifiers_product: readonly Pick<PricedOption, 'price'>[];
  })[],
): boolean =>
  !groups.some(
    (group) =>
      setsBasePrice(group) &&
      group.modifiers_product.length > 0 &&
      group.modifiers_product.every((option) => option.price > 0),
  );
