import {
  formatMoney,
  MAX_QUANTITY,
  MIN_QUANTITY,
  productToday,
  rebuildLine,
  type Address,
  type LineProblem,
  type OrderLine,
  type PastOrder,
  type Product,
  type Reorder,
} from '@comanda/shared';
import { cartItemFrom } from '@/entities/cart-item/lib/cart-item';
import type { CartItem, DeliveryTo } from '@/stores/session-store';

/**
 * Why a past order's line could not go back into the cart: the shared line rebuild's problem,
 * with the product's title (and the option's, when an option is gone) to say it.
 */
export type ReorderProblem = LineProblem & { title: string; option?: string };

export interface PriceChange {
  title: string;
  /** Unit prices: what the order paid, and today's at the branch (shared pricing function). */
  before: number;
  after: number;
}

export type RebuiltLine =
  { item: CartItem; priceChange: PriceChange | null } | { problem: ReorderProblem };

/**
 * One line of a past order rebuilt from the branch's product as it is today, by the shared
 * rebuildLine (as the server will check it at checkout): same option ids selected, today's
 * prices. The problem instead when the branch cannot sell it as it was ordered.
 */
export function rebuildOrderLine(
  line: OrderLine,
  product: Product | null | undefined,
  cartId: string,
): RebuiltLine {
  const title = product?.title ?? line.title;
  const rebuilt = rebuildLine(
    {
      product_id: line.product_id,
      quantity: line.quantity,
      chosen: line.options.map((option) => option.option_id),
      unit_price: line.unit_price,
    },
    product ? productToday(product) : null,
  );
  if (rebuilt.problem) {
    const { problem } = rebuilt;
    const option =
      problem.kind === 'option_gone'
        ? line.options.find((o) => o.option_id === problem.option_id)?.title
        : undefined;
    return { problem: { ...problem, title, ...(option === undefined ? {} : { option }) } };
  }
  const modifierGroup = product!.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((option) => ({
      ...option,
      selected: rebuilt.line.chosen.has(option.id),
    })),
  }));
  // The note goes back with its line: «Sin cebolla» still holds for the same burger.
  const item = cartItemFrom(product!, modifierGroup, rebuilt.line.quantity, cartId, line.note);
  const change = rebuilt.line.price_change;
  return { item, priceChange: change ? { title, ...change } : null };
}

export interface ReorderResult {
  /** Cart lines in the order's own order. */
  items: CartItem[];
  problems: ReorderProblem[];
  priceChanges: PriceChange[];
}

/** Every line of an order rebuilt against the branch's products (slug → product, null = not sold there). */
export function rebuildOrder(
  lines: readonly OrderLine[],
  products: ReadonlyMap<string, Product | null>,
  newId: () => string,
): ReorderResult {
  const result: ReorderResult = { items: [], problems: [], priceChanges: [] };
  for (const line of lines) {
    const rebuilt = rebuildOrderLine(line, products.get(line.slug), newId());
    if ('problem' in rebuilt) {
      result.problems.push(rebuilt.problem);
      continue;
    }
    result.items.push(rebuilt.item);
    if (rebuilt.priceChange) result.priceChanges.push(rebuilt.priceChange);
  }
  return result;
}

/** "Pizza Hawaiana se agotó en Campiña", said plainly, one sentence per line left out. */
export function problemText(problem: ReorderProblem, branchTitle: string): string {
  switch (problem.kind) {
    case 'product_gone':
    case 'not_offered':
      return `${problem.title} no se vende en ${branchTitle}`;
    case 'sold_out':
      return `${problem.title} se agotó en ${branchTitle}`;
    case 'quantity':
      return `${problem.title}: la cantidad debe estar entre ${MIN_QUANTITY} y ${MAX_QUANTITY}`;
    case 'option_gone':
      return `${problem.title}: una opción ya no existe${problem.option ? ` (${problem.option})` : ''}`;
    case 'option_sold_out':
      return `${problem.title}: ${problem.option} se agotó en ${branchTitle}`;
    case 'choice':
      if (problem.code === 'too_many') {
        return problem.max === 1
          ? `${problem.title}: en ${problem.group} ahora solo puedes elegir una opción`
          : `${problem.title}: en ${problem.group} ahora puedes elegir hasta ${problem.max}`;
      }
      return problem.code === 'too_few'
        ? `${problem.title}: ahora debes elegir al menos ${problem.min} de ${problem.group}`
        : `${problem.title}: ahora debes elegir ${problem.group}`;
  }
}

/** "Hamburguesa Clásica: el precio cambió de $22.900 a $25.900". */
export function priceChangeText(change: PriceChange): string {
  return `${change.title}: el precio cambió de ${formatMoney(change.before)} a ${formatMoney(change.after)}`;
}

/**
 * "Agregamos 3 productos al carrito, con los precios de hoy en Campiña." counting quantities, as
 * the cart badge does; the branch is named because it may not be the one of the old order.
 */
export function addedText(
  items: readonly Pick<CartItem, 'quantity'>[],
  branchTitle: string,
): string {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  if (count === 0) return `No pudimos agregar ningún producto de este pedido en ${branchTitle}.`;
  return `Agregamos ${count} ${count === 1 ? 'producto' : 'productos'} al carrito, con los precios de hoy en ${branchTitle}.`;
}

/** How a re-order leaves the order type and the place it goes to. */
export type KeptType =
  | { kind: 'pickup' }
  /** Delivery to the same saved address, now named by its current neighbourhood. */
  | { kind: 'delivery'; deliveryTo: DeliveryTo; label: string }
  /** Still a delivery, but the address cannot be kept: the customer is told why and asked for one. */
  | { kind: 'delivery-ask'; problem: string };

/**
 * What "Volver a pedir" keeps of the order's type and address (product.md «Order history»), from
 * the server's answer and the customer's addresses as they are now. A delivery stays a delivery:
 * with its address when the server says it is kept, else with the server's reason and a question.
 */
export function keptType(
  order: Pick<PastOrder, 'type_delivery' | 'neighbourhood'>,
  answer: Pick<Reorder, 'type_delivery' | 'address_id' | 'problem'> | null,
  addresses: readonly Pick<Address, 'id' | 'label' | 'neighbourhood'>[],
): KeptType {
  const type = answer?.type_delivery ?? order.type_delivery;
  if (type !== 2) return { kind: 'pickup' };
  const address = answer?.address_id
    ? addresses.find((candidate) => candidate.id === answer.address_id)
    : undefined;
  if (address) {
    return {
      kind: 'delivery',
      deliveryTo: { neighbourhood: address.neighbourhood, address_id: address.id },
      label: address.label,
    };
  }
  return {
    kind: 'delivery-ask',
    problem:
      answer?.problem ??
      'No pudimos confirmar la dirección de ese pedido. Elige dónde lo entregamos.',
  };
}

/** "Lo llevamos a Casa, como la vez pasada." / "Lo recoges en Campiña." */
export function keptTypeText(kept: KeptType, branchTitle: string): string {
  switch (kept.kind) {
    case 'pickup':
      return `Lo recoges en ${branchTitle}, como la vez pasada.`;
    case 'delivery':
      return `Lo llevamos a ${kept.label}, como la vez pasada.`;
    case 'delivery-ask':
      return kept.problem;
  }
}
