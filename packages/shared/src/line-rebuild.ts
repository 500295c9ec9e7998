import { isAllowedQuantity } from './constants';
import { choiceProblem, type ChoiceProblem, type OptionGroupRule } from './option-rules';
import { unitPrice, type PricedGroup, type PricedOption } from './pricing';
import type { Product, UnavailableReason } from './schemas/catalog';
import type { OrderLineOption } from './schemas/orders';

/**
 * The one way a stored line (a cart line, a past order's line, a line sent to checkout) is
 * rebuilt against a product as a branch sells it today: the server places orders with it, the
 * storefront re-checks the cart and re-orders a past order with it. The line brings only ids
 * and a quantity; titles and prices come from today's product, priced by the shared unitPrice.
 * Each caller turns a problem into its own words; the kinds are the same everywhere.
 */

/** An option of a product today. */
export interface OptionToday {
  id: number;
  title: string;
  price: number;
  /** Sold out at the branch today (decision 050): a line choosing it cannot be sold. */
  sold_out?: boolean;
}

/** An option group of a product today: its option rule (option-rules.ts) and its options. */
export interface GroupToday extends OptionGroupRule {
  id: number;
  title: string;
  options: readonly OptionToday[];
}

/** A product as a branch sells it today: its price there and why it cannot be ordered, if so. */
export interface ProductToday {
  id: number;
  title: string;
  /** The price at the branch (its own price, else the list price). */
  price: number;
  unavailable: UnavailableReason;
  groups: readonly GroupToday[];
}

/** What a stored line says: the product, how many, which options were chosen. */
export interface StoredLine {
  product_id: number;
  quantity: number;
  /** The chosen option ids. */
  chosen: Iterable<number>;
  /** The unit price the line was priced at before, when known: a change is reported. */
  unit_price?: number;
}

/** Why a stored line cannot be sold as it was, in one vocabulary for every caller. */
export type LineProblem =
  /** The product no longer exists (or is not the one the line names). */
  | { kind: 'product_gone' }
  /** The branch does not sell it. */
  | { kind: 'not_offered' }
  /** The branch sells it but has run out of it today. */
  | { kind: 'sold_out' }
  /** Not a whole number from MIN_QUANTITY to MAX_QUANTITY. */
  | { kind: 'quantity' }
  /** A chosen option is no longer one of the product's (removed in the back office). */
  | { kind: 'option_gone'; option_id: number }
  /** A chosen option is sold out at the branch today (decision 050). */
  | { kind: 'option_sold_out'; option_id: number; option: string }
  /** A group's choice no longer holds: required and empty, too few, too many (the shared option rule). */
  | ({ kind: 'choice'; group: string } & ChoiceProblem);

export type LineProblemKind = LineProblem['kind'];

/** The line as it is today. */
export interface RebuiltLine {
  product_id: number;
  quantity: number;
  unit_price: number;
  total: number;
  /** The chosen options in the product's order, with today's titles and prices. */
  options: OrderLineOption[];
  chosen: ReadonlySet<number>;
  /** Set when the line brought a unit price and today's differs. */
  price_change: { before: number; after: number } | null;
}

export type LineRebuild =
  { line: RebuiltLine; problem?: undefined } | { problem: LineProblem; line?: undefined };

/**
 * The first chosen option that is no longer one of the product's, else the first sold out today;
 * null when every chosen option can be sold.
 */
function chosenOptionProblem(
  product: ProductToday,
  chosen: ReadonlySet<number>,
): LineProblem | null {
  let known = 0;
  let soldOut: OptionToday | undefined;
  for (const group of product.groups)
    for (const option of group.options)
      if (chosen.has(option.id)) {
        known += 1;
        if (option.sold_out && !soldOut) soldOut = option;
      }
  if (known !== chosen.size) {
    const offered = new Set(
      product.groups.flatMap((group) => group.options.map((option) => option.id)),
    );
    for (const id of chosen) if (!offered.has(id)) return { kind: 'option_gone', option_id: id };
  }
  if (soldOut) return { kind: 'option_sold_out', option_id: soldOut.id, option: soldOut.title };
  return null;
}

/**
 * One pass over the groups: the option rule checked, the chosen options listed, the priced
 * shape built (this runs for every group of every line placed, so no copies beyond these).
 */
function groupsToday(
  product: ProductToday,
  chosen: ReadonlySet<number>,
): { problem: LineProblem } | { options: OrderLineOption[]; priced: PricedGroup[] } {
  const options: OrderLineOption[] = [];
  const priced: PricedGroup[] = [];
  for (const group of product.groups) {
    // Only the chosen options: the pricing rule adds nothing for the others.
    const modifiers_product: PricedOption[] = [];
    for (const option of group.options) {
      if (!chosen.has(option.id)) continue;
      modifiers_product.push({ price: option.price, selected: true });
      options.push({
        group_id: group.id,
        group_title: group.title,
        option_id: option.id,
        title: option.title,
        price: option.price,
      });
    }
    const problem = choiceProblem(group, modifiers_product.length);
    if (problem) return { problem: { kind: 'choice', group: group.title, ...problem } };
    priced.push({ required: group.required, type_input: group.type_input, modifiers_product });
  }
  return { options, priced };
}

/**
 * Rebuilds `stored` against `product` (null or undefined: not found). Checks in this order, the
 * first failing one answering: the product exists, is offered, is not sold out; the quantity;
 * every chosen option still exists and is not sold out; every group's choice holds.
 */
export function rebuildLine(
  stored: StoredLine,
  product: ProductToday | null | undefined,
): LineRebuild {
  if (!product || product.id !== stored.product_id) return { problem: { kind: 'product_gone' } };
  if (product.unavailable === 'not_offered') return { problem: { kind: 'not_offered' } };
  if (product.unavailable === 'sold_out') return { problem: { kind: 'sold_out' } };
  if (!isAllowedQuantity(stored.quantity)) return { problem: { kind: 'quantity' } };

  const chosen = new Set(stored.chosen);
  const optionProblem = chosenOptionProblem(product, chosen);
  if (optionProblem) return { problem: optionProblem };
  const groups = groupsToday(product, chosen);
  if ('problem' in groups) return { problem: groups.problem };

  const unit = unitPrice({ price: product.price, modifier_group: groups.priced });
  return {
    line: {
      product_id: product.id,
      quantity: stored.quantity,
      unit_price: unit,
      total: unit * stored.quantity,
      options: groups.options,
      chosen,
      price_change:
        stored.unit_price === undefined || stored.unit_price === unit
          ? null
          : { before: stored.unit_price, after: unit },
    },
  };
}

/** A product as the catalogue answers it, in the shape rebuildLine reads. */
export function productToday(product: Product): ProductToday {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    unavailable: product.unavailable_reason ?? (product.available ? null : 'sold_out'),
    groups: product.modifier_group.map((group) => ({
      id: group.id,
      title: group.title,
      required: group.required,
      type_input: group.type_input,
      min_choices: group.min_choices ?? null,
      max_choices: group.max_choices ?? null,
      options: group.modifiers_product.map((option) => ({
        id: option.id,
        title: option.title,
        price: option.price,
        ...(option.sold_out ? { sold_out: true } : {}),
      })),
    })),
  };
}
