import {
  productToday,
  rebuildLine,
  unitPrice,
  type LineProblemKind,
  type Product,
} from '@comanda/shared';
import type { CartItem } from '@/stores/session-store';

/** Why a line cannot be sold at the branch: the shared line rebuild's problem kind. */
export type UnavailableReason = LineProblemKind;

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
 * A cart line rebuilt from the branch's product by the shared rebuildLine (as the server will
 * check it at checkout): today's price and option prices, keeping the customer's chosen option
 * ids. Returns why it cannot be sold there instead, when it cannot.
 */
export function rebuildCartLine(
  line: CartItem,
  product: Product | null | undefined,
): { line: CartItem } | { reason: UnavailableReason } {
  const chosen = line.modifier_group.flatMap((group) =>
    group.modifiers_product.filter((option) => option.selected).map((option) => option.id),
  );
  const rebuilt = rebuildLine(
    { product_id: line.id, quantity: line.quantity, chosen },
    product ? productToday(product) : null,
  );
  if (rebuilt.problem) return { reason: rebuilt.problem.kind };
  const modifier_group = product!.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option) => ({
      ...option,
      selected: rebuilt.line.chosen.has(option.id),
    })),
  }));
  return { line: { ...line, price: product!.price, modifier_group, total: rebuilt.line.total } };
}

/** Every cart line checked against the branch's products (slug → product, null = 404). */
export function checkCart(
  cart: readonly CartItem[],
  products: ReadonlyMap<string, Product | null>,
): CartCheck {
  const result: CartCheck = { unavailable: [], repriced: [], next: [] };
  for (const line of cart) {
    const rebuilt = rebuildCartLine(line, products.get(line.slug));
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

/**
 * The cart with the branch's prices and nothing taken out: what a branch switch applies at once.
 * Lines the branch cannot sell stay, flagged, until the customer removes them (they may switch
 * back).
 */
export function withNewPrices(cart: readonly CartItem[], check: CartCheck): CartItem[] {
  const updated = new Map(check.repriced.map(({ line, updated }) => [line._id, updated]));
  return cart.map((line) => updated.get(line._id) ?? line);
}

export const hasChanges = (check: CartCheck) =>
  check.unavailable.length > 0 || check.repriced.length > 0;

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
