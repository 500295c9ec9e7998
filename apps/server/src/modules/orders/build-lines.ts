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

export interface MenuAtBranch {
  products: {
    id: number;
    slug: string;
    title: string;
    image: string;
    price: number;
    branch_price: number | null;
    sold_out: number | null;
    offered: number | null;
  }[];
  groups: {
    id: number;
    product_id: number;
    title: string;
    required: number;
    type_input: number;
    min_choices: number | null;
    max_choices: number | null;
  }[];
  options: { id: number; group_id: number; title: string; price: number }[];
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
  const products = new Map(menu.products.map((p) => [p.id, p]));
  const optionById = new Map(menu.options.map((o) => [o.id, o]));
  const groupById = new Map(menu.groups.map((g) => [g.id, g]));

  if (items.length === 0) errors.push(CHECKOUT_MESSAGES.emptyCart);

  for (const item of items) {
    const product = products.get(item.id);
    if (!product) {
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
        const known = optionById.get(option.id);
        const knownGroup = known && groupById.get(known.group_id);
        if (!known || !knownGroup || knownGroup.product_id !== product.id) unknownOption = true;
        else selected.add(option.id);
      }
    }
    if (unknownOption) {
      errors.push(CHECKOUT_MESSAGES.optionUnknown(product.title));
      continue;
    }

    const groups = menu.groups.filter((g) => g.product_id === product.id);
    let groupError: string | null = null;
    const pricedGroups = groups.map((group) => {
      const options = menu.options.filter((o) => o.group_id === group.id);
      const rule = { required: group.required === 1, type_input: group.type_input, min_choices: group.min_choices, max_choices: group.max_choices };
      const problem = choiceProblem(rule, options.filter((o) => selected.has(o.id)).length);
      if (problem) groupError ??= refusal(problem, product.title, group.title);
      return { ...rule, modifiers_product: options.map((o) => ({ price: o.price, selected: selected.has(o.id) })) };
    });
    if (groupError) {
      errors.push(groupError);
      continue;
    }

    const priced = { price: product.branch_price ?? product.price, modifier_group: pricedGroups };
    const unit = unitPrice(priced);
    const options: OrderLineOption[] = groups.flatMap((group) =>
      menu.options
        .filter((o) => o.group_id === group.id && selected.has(o.id))
        .map((o) => ({ group_id: group.id, group_title: group.title, option_id: o.id, title: o.title, price: o.price })),
    );
    lines.push({
      product_id: product.id,
      slug: product.slug,
      title: product.title,
      image: product.image,
      unit_price: unit,
      quantity: item.quantity,
      total: lineTotal(priced, item.quantity),
      options: JSON.stringify(options),
    });
  }
  return { lines, errors: [...new Set(errors)] };
}
