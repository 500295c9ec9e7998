import {
  CHECKOUT_MESSAGES,
  choiceProblem,
  lineTotal,
  unitPrice,
  type ChoiceProblem,
  type OrderLineOption,
} from '@comanda/shared';
import type { z } from 'zod';
import type { cartItemInput } from '@comanda/shared';
import type { OrderDraft } from './repository';

type CartItem = z.infer<typeof cartItemInput>;

/** A product as a branch sells it: its own price there, and whether it is offered or sold out. */
export interface MenuProduct {
  id: number;
  slug: string;
  title: string;
  image: string;
  price: number;
  branch_price: number | null;
  sold_out: number | null;
  offered: number | null;
}

interface OptionGroup {
  id: number;
  title: string;
  required: number;
  type_input: number;
  min_choices: number | null;
  max_choices: number | null;
  options: { id: number; title: string; price: number }[];
}

/** A product's option groups with their options, and the ids of all its options. */
export interface ProductOptions {
  groups: OptionGroup[];
  optionIds: Set<number>;
}

/** What an order is checked and priced against: the branch's products, and the options of those ordered. */
export interface MenuAtBranch {
  products: Map<number, MenuProduct>;
  options: Map<number, ProductOptions>;
}

/** The Spanish reason an option group's selection is refused, from the shared option rule. */
function refusal(problem: ChoiceProblem, product: string, group: string): string {
  switch (problem.code) {
    case 'missing':
      return CHECKOUT_MESSAGES.requiredMissing(product, group);
    case 'too_few':
      return CHECKOUT_MESSAGES.tooFewChoices(product, group, problem.min);
    case 'too_many':
      return problem.max === 1
        ? CHECKOUT_MESSAGES.singleChoice(product, group)
        : CHECKOUT_MESSAGES.tooManyChoices(product, group, problem.max);
  }
}

/**
 * Rebuilds every cart line from the menu as the database has it at the branch. The client is
 * trusted for product ids, option ids and quantities only; titles, prices and totals come from
 * here, priced with the shared rule. Answers the lines, or the Spanish reasons it cannot.
 */
export function buildLines(
  items: CartItem[],
  menu: MenuAtBranch,
  branchTitle: string,
): { lines: OrderDraft['lines']; errors: string[] } {
  const errors: string[] = [];
  const lines: OrderDraft['lines'] = [];

  if (items.length === 0) errors.push(CHECKOUT_MESSAGES.emptyCart);

  for (const item of items) {
    const product = menu.products.get(item.id);
    const structure = menu.options.get(item.id);
    if (!product || !structure) {
      errors.push(CHECKOUT_MESSAGES.productUnknown);
      continue;
    }
    if (product.offered === 0) {
      errors.push(CHECKOUT_MESSAGES.notOffered(product.title, branchTitle));
      continue;
    }
    if (product.sold_out === 1) {
      errors.push(CHECKOUT_MESSAGES.soldOut(product.title, branchTitle));
      continue;
    }
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 99) {
      errors.push(CHECKOUT_MESSAGES.quantity(product.title));
      continue;
    }

    // The selected option ids, wherever the client put them; each must be an option of this product.
    const selected = new Set<number>();
    let unknownOption = false;
    for (const group of item.modifier_group) {
      for (const option of group.modifiers_product) {
        if (!option.selected) continue;
        if (structure.optionIds.has(option.id)) selected.add(option.id);
        else unknownOption = true;
      }
    }
    if (unknownOption) {
      errors.push(CHECKOUT_MESSAGES.optionUnknown(product.title));
      continue;
    }

    let groupError: string | null = null;
    const pricedGroups = structure.groups.map((group) => {
      let chosen = 0;
      const modifiers_product = group.options.map((o) => {
        const isSelected = selected.has(o.id);
        if (isSelected) chosen += 1;
        return { price: o.price, selected: isSelected };
      });
      // One literal, no spread of the rule into it: this runs for every group of every line.
      const pricedGroup = { required: group.required === 1, type_input: group.type_input, min_choices: group.min_choices, max_choices: group.max_choices, modifiers_product };
      const problem = choiceProblem(pricedGroup, chosen);
      if (problem) groupError ??= refusal(problem, product.title, group.title);
      return pricedGroup;
    });
    if (groupError) {
      errors.push(groupError);
      continue;
    }

    const priced = { price: product.branch_price ?? product.price, modifier_group: pricedGroups };
    const options: OrderLineOption[] = [];
    for (const group of structure.groups) {
      for (const o of group.options) {
        if (selected.has(o.id)) options.push({ group_id: group.id, group_title: group.title, option_id: o.id, title: o.title, price: o.price });
      }
    }
    lines.push({
      product_id: product.id,
      slug: product.slug,
      title: product.title,
      image: product.image,
      unit_price: unitPrice(priced),
      quantity: item.quantity,
      total: lineTotal(priced, item.quantity),
      options,
    });
  }
  return { lines, errors: [...new Set(errors)] };
}
