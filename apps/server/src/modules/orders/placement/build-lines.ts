import {
  CHECKOUT_MESSAGES,
  describeDayparts,
  isOfferedAt,
  isOfferedUnder,
  rebuildLine,
  type Daypart,
  type GroupToday,
  type LineProblem,
} from '@comanda/shared';
import type { z } from 'zod';
import type { cartItemInput } from '@comanda/shared';
import type { MenuAtBranch, OrderDraftLine } from '../types';

type CartItem = z.infer<typeof cartItemInput>;

/** The Spanish reason the API answers for a line that cannot be placed (the wire's texts). */
function refusal(problem: LineProblem, product: string, branch: string): string {
  switch (problem.kind) {
    case 'product_gone':
      return CHECKOUT_MESSAGES.productUnknown;
    case 'not_offered':
      return CHECKOUT_MESSAGES.notOffered(product, branch);
    case 'sold_out':
      return CHECKOUT_MESSAGES.soldOut(product, branch);
    case 'quantity':
      return CHECKOUT_MESSAGES.quantity(product);
    case 'option_gone':
      return CHECKOUT_MESSAGES.optionUnknown(product);
    case 'option_sold_out':
      return CHECKOUT_MESSAGES.optionSoldOut(problem.option, branch);
    case 'choice':
      switch (problem.code) {
        case 'missing':
          return CHECKOUT_MESSAGES.requiredMissing(product, problem.group);
        case 'too_few':
          return CHECKOUT_MESSAGES.tooFewChoices(product, problem.group, problem.min);
        case 'too_many':
          return problem.max === 1
            ? CHECKOUT_MESSAGES.singleChoice(product, problem.group)
            : CHECKOUT_MESSAGES.tooManyChoices(product, problem.group, problem.max);
      }
  }
}

/** "de lunes a viernes de 06:00 a 11:00": the windows that refuse `at` (its category's or its own). */
const whenOffered = (sets: Daypart[][], at: Date) =>
  describeDayparts(sets.find((dayparts) => !isOfferedAt(dayparts, at)) ?? []);

/**
 * The product's groups with the branch's sold-out options marked; the same groups when none is
 * (the usual case: no copy on the order path).
 */
function atBranch(groups: GroupToday[], soldOut: ReadonlySet<number>): GroupToday[] {
  if (soldOut.size === 0 || !groups.some((g) => g.options.some((o) => soldOut.has(o.id))))
    return groups;
  return groups.map((group) => ({
    ...group,
    options: group.options.map((option) =>
      soldOut.has(option.id) ? { ...option, sold_out: true } : option,
    ),
  }));
}

/** The option ids the client marked selected, wherever it put them. */
function chosenIds(item: CartItem): number[] {
  const ids: number[] = [];
  for (const group of item.modifier_group) {
    for (const option of group.modifiers_product) if (option.selected) ids.push(option.id);
  }
  return ids;
}

/**
 * Rebuilds every cart line from the menu as the database has it at the branch, with the shared
 * rebuildLine. The client is trusted for product ids, option ids and quantities only; titles,
 * prices and totals come from here. Answers the lines, or the Spanish reasons it cannot.
 */
export function buildLines(
  items: CartItem[],
  menu: MenuAtBranch,
  branchTitle: string,
  /** The order's time: now for as soon as possible, its slot for a scheduled one. */
  at: Date,
): { lines: OrderDraftLine[]; errors: string[] } {
  const errors: string[] = [];
  const lines: OrderDraftLine[] = [];

  if (items.length === 0) errors.push(CHECKOUT_MESSAGES.emptyCart);

  for (const item of items) {
    const product = menu.products.get(item.id);
    const structure = menu.options.get(item.id);
    const today =
      product && structure
        ? {
            id: product.id,
            title: product.title,
            price: product.price,
            unavailable: product.unavailable,
            groups: atBranch(structure.groups, menu.soldOutOptions),
          }
        : null;
    const rebuilt = rebuildLine(
      { product_id: item.id, quantity: item.quantity, chosen: chosenIds(item) },
      today,
    );
    if (rebuilt.problem) {
      errors.push(refusal(rebuilt.problem, product?.title ?? '', branchTitle));
      continue;
    }
    // Offered at the branch, but not at this time of day (decision 047).
    if (!isOfferedUnder(product!.dayparts, at)) {
      errors.push(
        CHECKOUT_MESSAGES.outsideDaypart(product!.title, whenOffered(product!.dayparts, at)),
      );
      continue;
    }
    const { line } = rebuilt;
    lines.push({
      product_id: line.product_id,
      slug: product!.slug,
      title: product!.title,
      image: product!.image,
      unit_price: line.unit_price,
      quantity: line.quantity,
      total: line.total,
      options: line.options,
      note: item.note,
    });
  }
  return { lines, errors: [...new Set(errors)] };
}
