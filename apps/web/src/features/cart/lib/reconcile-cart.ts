import { choiceProblem, lineTotal, unitPrice, type Product } from '@comanda/shared';
import type { CartItem } from '@/stores/session-store';

export type UnavailableReason = 'not_sold' | 'unavailable' | 'options_changed';

export interface RepricedLine {
  line: CartItem;
  updated: CartItem;
  /** Unit prices before and after, both from the shared pricing function. */
  before: number;
  after: number;
}

export interface CartCheck {
  unavailable: { line: CartItem; reason: UnavailableReason }[];
  repriced: RepricedLine[];
  /** The cart as it should be at the branch: unavailable lines out, the others re-priced. */
  next: CartItem[];
}

/**
 * A cart line rebuilt from the branch's product: its price and option prices, keeping the
 * customer's chosen option ids. Returns why it cannot be sold there instead, when it cannot.
 */
export function rebuildLine(
  line: CartItem,
  product: Product | null | undefined,
): { line: CartItem } | { reason: UnavailableReason } {
  if (!product || product.id !== line.id) return { reason: 'not_sold' };
  if (!product.available) return { reason: 'unavailable' };

  const chosen = new Set(
    line.modifier_group.flatMap((group) =>
      group.modifiers_product.filter((option) => option.selected).map((option) => option.id),
    ),
  );
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option) => ({ ...option, selected: chosen.has(option.id) })),
  }));

  const offered = new Set(modifier_group.flatMap((group) => group.modifiers_product.map((option) => option.id)));
  const lostAnOption = [...chosen].some((id) => !offered.has(id));
  // The server would refuse choices the group no longer accepts (the shared option rule): a
  // group that became required, a multiple choice that became single, a lower maximum.
  const badGroup = modifier_group.some(
    (group) => choiceProblem(group, group.modifiers_product.filter((option) => option.selected).length) !== null,
  );
  if (lostAnOption || badGroup) return { reason: 'options_changed' };

  const rebuilt = { ...line, price: product.price, modifier_group };
  return { line: { ...rebuilt, total: lineTotal(rebuilt, rebuilt.quantity) } };
}

/** Every cart line checked against the branch's products (slug → product, null = 404). */
export function checkCart(cart: readonly CartItem[], products: ReadonlyMap<string, Product | null>): CartCheck {
  const result: CartCheck = { unavailable: [], repriced: [], next: [] };
  for (const line of cart) {
    const rebuilt = rebuildLine(line, products.get(line.slug));
    if ('reason' in rebuilt) {
      result.unavailable.push({ line, reason: rebuilt.reason });
      continue;
    }
    const before = unitPrice(line);
    const after = unitPrice(rebuilt.line);
    if (before !== after) result.repriced.push({ line, updated: rebuilt.line, before, after });
    // An unchanged line stays exactly as stored: nothing to write back.
    result.next.push(before === after ? line : rebuilt.line);
  }
  return result;
}

export const hasChanges = (check: CartCheck) => check.unavailable.length > 0 || check.repriced.length > 0;

/** "1 producto no disponible en Campiña" / "2 productos no disponibles en Campiña". */
export function unavailableText(count: number, branchTitle: string): string {
  return count === 1
    ? `1 producto no disponible en ${branchTitle}`
    : `${count} productos no disponibles en ${branchTitle}`;
}

/** "1 precio actualizado" / "2 precios actualizados". */
export function repricedText(count: number): string {
  return count === 1 ? '1 precio actualizado' : `${count} precios actualizados`;
}

/**
 * Identifies what a notice reported, so a dismissed notice stays dismissed until something new
 * goes wrong (another branch, another line, another price), not on every cart change.
 */
export function checkSignature(branchId: number, check: CartCheck): string {
  const parts = [
    ...check.unavailable.map(({ line, reason }) => `u:${line._id}:${reason}`),
    ...check.repriced.map(({ line, after }) => `p:${line._id}:${after}`),
  ].sort();
  return `${branchId}|${parts.join(',')}`;
}
