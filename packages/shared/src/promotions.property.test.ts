import { describe, expect, it } from 'vitest';
import { rebuildLine, type ProductToday } from './line-rebuild';
import {
  cartPromotionLines,
  priceWithPromotions,
  PROMOTION_KINDS,
  type CodeTerms,
  type PromotionLine,
  type PromotionPricing,
} from './promotions';

// A thousand random carts under random rules priced through both paths: the storefront's cart
// items (priced by unitPrice) and the server's lines (rebuilt by rebuildLine, as placement does).
// One function prices both; this holds them to the same total and the totals to their invariants.

/** A small seeded generator (mulberry32): the same thousand carts on every run. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const PRODUCT_IDS = [1, 2, 3, 4, 5, 6];
const pesos = (r: Random) => r.int(1, 400) * 100;

/** A product with a priced size (maybe) and optional extras. */
function productOf(r: Random, id: number): ProductToday {
  const sized = r.next() < 0.4;
  return {
    id,
    title: `P${id}`,
    price: pesos(r),
    unavailable: null,
    groups: [
      ...(sized
        ? [
            {
              id: id * 10,
              title: 'Tamaño',
              required: true,
              type_input: 1,
              options: [
                { id: id * 100 + 1, title: 'S', price: pesos(r) },
                { id: id * 100 + 2, title: 'L', price: pesos(r) },
              ],
            },
          ]
        : []),
      {
        id: id * 10 + 1,
        title: 'Extras',
        required: false,
        type_input: 2,
        options: [
          { id: id * 100 + 3, title: 'a', price: r.int(0, 30) * 100 },
          { id: id * 100 + 4, title: 'b', price: r.int(0, 30) * 100 },
        ],
      },
    ],
  };
}

function ruleOf(r: Random, id: number): PromotionPricing {
  const kind = r.pick(PROMOTION_KINDS);
  const buy = r.int(2, 4);
  const products = PRODUCT_IDS.filter(() => r.next() < 0.5);
  return {
    id,
    title: `R${id}`,
    kind,
    buy,
    pay: r.int(1, buy - 1),
    percent: r.int(1, 100),
    amount: pesos(r),
    price: pesos(r),
    min_order: r.int(0, 800) * 100,
    product_ids: kind === 'combo' && products.length < 2 ? [1, 2] : products,
    stacks_with_code: r.next() < 0.3,
  };
}

/** A cart: lines of random products with random choices, as a customer builds them. */
function cartOf(r: Random, products: Map<number, ProductToday>) {
  return Array.from({ length: r.int(1, 6) }, () => {
    const product = products.get(r.pick(PRODUCT_IDS))!;
    const chosen = product.groups.flatMap((group) =>
      group.required
        ? [r.pick(group.options).id]
        : group.options.filter(() => r.next() < 0.5).map((o) => o.id),
    );
    return { product, chosen, quantity: r.int(1, 5) };
  });
}

type Cart = ReturnType<typeof cartOf>;

/** The storefront's path: cart items with their options marked selected. */
const clientLines = (cart: Cart): PromotionLine[] =>
  cartPromotionLines(
    cart.map(({ product, chosen, quantity }) => ({
      id: product.id,
      quantity,
      price: product.price,
      modifier_group: product.groups.map((group) => ({
        required: group.required,
        type_input: group.type_input,
        modifiers_product: group.options.map((o) => ({
          price: o.price,
          selected: chosen.includes(o.id),
        })),
      })),
    })),
  );

/** The server's path: each line rebuilt from the product, as placement does. */
const serverLines = (cart: Cart): PromotionLine[] =>
  cart.map(({ product, chosen, quantity }) => {
    const { line } = rebuildLine({ product_id: product.id, quantity, chosen }, product);
    return { product_id: line!.product_id, unit_price: line!.unit_price, quantity: line!.quantity };
  });

describe('priceWithPromotions: a thousand random carts', () => {
  it('the storefront and the server arrive at the same total, within its invariants', () => {
    const r = random(20261201);
    for (let i = 0; i < 1000; i++) {
      const products = new Map(PRODUCT_IDS.map((id) => [id, productOf(r, id)]));
      const rules = Array.from({ length: r.int(0, 4) }, (_, n) => ruleOf(r, n + 1));
      const cart = cartOf(r, products);
      const fee = r.pick([0, 0, 3000, 5900]);
      const code: CodeTerms | null =
        r.next() < 0.3
          ? { discount_percent: r.int(0, 50), discount_amount: r.pick([0, 5000]) }
          : null;
      const client = priceWithPromotions({ rules, lines: clientLines(cart), fee, code });
      const server = priceWithPromotions({ rules, lines: serverLines(cart), fee, code });
      expect(client).toEqual(server);
      const kindOf = (id: number) => rules.find((rule) => rule.id === id)?.kind;
      const deliveryOff = server.promotions
        .filter((p) => kindOf(p.id) === 'free_delivery')
        .reduce((n, p) => n + p.amount, 0);
      // No unit is discounted below nothing, and delivery comes off only what it costs.
      expect(deliveryOff).toBeLessThanOrEqual(fee);
      expect(server.discount - deliveryOff).toBeLessThanOrEqual(server.subtotal);
      expect(server.total).toBe(server.subtotal + fee - server.discount);
      expect(server.total).toBeGreaterThanOrEqual(0);
      expect(server.promotions.every((p) => Number.isInteger(p.amount) && p.amount > 0)).toBe(true);
      if (!code) expect(server.code_discount).toBe(0);
    }
  });
});
