import { cartTotal, unitPrice, type Product } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@/stores/session-store';
import {
  checkCart,
  checkSignature,
  hasChanges,
  rebuildCartLine,
  repricedText,
  unavailableText,
  withNewPrices,
} from './reconcile-cart';
import { selectedOptionTitles } from '@/entities/cart-item/lib/cart-item';
import { distinctSlugs } from './cart-lines';

const option = (id: number, title: string, price: number, selected = false) => ({
  id,
  title,
  price,
  selected,
  modifier: { title },
});

/** A pizza as a branch serves it: a priced required size and optional extras. */
function pizza(
  overrides: Partial<Product> = {},
  sizePrices = [31900, 45900],
  extraPrice = 5000,
): Product {
  return {
    id: 7,
    slug: 'pizza-campina',
    title: 'Pizza Campiña',
    description: '',
    description_eco: '',
    image: '/images/products/pizza.webp',
    price: sizePrices[0] ?? 0,
    available: true,
    unavailable_reason: null,
    favorite: null,
    category: { slug: 'pizzas', title: 'Pizzas' },
    modifier_group: [
      {
        id: 20,
        title: 'Tamaño',
        required: true,
        type_input: 1,
        modifiers_product: [
          option(89, 'Personal', sizePrices[0] ?? 0),
          option(90, 'Mediana', sizePrices[1] ?? 0),
        ],
      },
      {
        id: 21,
        title: 'Adiciones',
        required: false,
        type_input: 2,
        modifiers_product: [option(93, 'Extra tocineta', extraPrice)],
      },
    ],
    ...overrides,
  };
}

const drink = (overrides: Partial<Product> = {}): Product => ({
  ...pizza(),
  id: 35,
  slug: 'limonada-de-coco',
  title: 'Limonada de coco',
  price: 9900,
  modifier_group: [],
  ...overrides,
});

/** A cart line as the product page stores it: the product with the customer's choices marked. */
function lineOf(product: Product, chosen: number[], quantity: number, _id: string): CartItem {
  const modifier_group = product.modifier_group.map((group) => ({
    ...group,
    modifiers_product: group.modifiers_product.map((o) => ({
      ...o,
      selected: chosen.includes(o.id),
    })),
  }));
  const priced = { price: product.price, modifier_group };
  return {
    _id,
    id: product.id,
    slug: product.slug,
    title: product.title,
    description: product.description,
    image: product.image,
    price: product.price,
    quantity,
    total: unitPrice(priced) * quantity,
    favorite: null,
    modifier_group,
  };
}

const mediumWithBacon = lineOf(pizza(), [90, 93], 2, 'p1');
const lemonade = lineOf(drink(), [], 3, 'd1');

describe('rebuildCartLine', () => {
  it('keeps the chosen options and takes the branch prices', () => {
    const result = rebuildCartLine(mediumWithBacon, pizza({}, [33900, 48900], 5500));
    expect('line' in result).toBe(true);
    if (!('line' in result)) return;
    expect(selectedOptionTitles(result.line)).toEqual(['Mediana', 'Extra tocineta']);
    expect(unitPrice(result.line)).toBe(48900 + 5500);
    expect(result.line.total).toBe((48900 + 5500) * 2);
    expect(result.line._id).toBe('p1');
  });

  it('is not sold when the branch answers 404 or the id no longer matches', () => {
    expect(rebuildCartLine(lemonade, null)).toEqual({ reason: 'product_gone' });
    expect(rebuildCartLine(lemonade, drink({ id: 99 }))).toEqual({ reason: 'product_gone' });
  });

  it('is unavailable when the branch has it sold out', () => {
    expect(
      rebuildCartLine(lemonade, drink({ available: false, unavailable_reason: 'sold_out' })),
    ).toEqual({
      reason: 'sold_out',
    });
  });

  it('is unavailable when a chosen option no longer exists', () => {
    const withoutBacon = pizza();
    withoutBacon.modifier_group = withoutBacon.modifier_group.map((group) =>
      group.id === 21 ? { ...group, modifiers_product: [] } : group,
    );
    expect(rebuildCartLine(mediumWithBacon, withoutBacon)).toEqual({ reason: 'option_gone' });
  });

  it('is unavailable when a required group would be left empty', () => {
    const withNewRequiredGroup = pizza();
    withNewRequiredGroup.modifier_group = [
      ...withNewRequiredGroup.modifier_group,
      {
        id: 30,
        title: 'Masa',
        required: true,
        type_input: 1,
        modifiers_product: [option(300, 'Delgada', 0)],
      },
    ];
    expect(rebuildCartLine(mediumWithBacon, withNewRequiredGroup)).toEqual({ reason: 'choice' });
  });
});

describe('rebuildCartLine with the other group kinds', () => {
  /** Wings: an optional single-choice drink and a required multiple-choice sauce group. */
  const wings = (drinkType: 1 | 2 = 1, saucesRequired = true): Product =>
    drink({
      id: 40,
      slug: 'alitas',
      title: 'Alitas',
      price: 20000,
      modifier_group: [
        {
          id: 41,
          title: 'Bebida',
          required: false,
          type_input: drinkType,
          modifiers_product: [option(411, 'Gaseosa', 3000), option(412, 'Limonada', 4000)],
        },
        {
          id: 42,
          title: 'Salsas',
          required: saucesRequired,
          type_input: 2,
          modifiers_product: [option(421, 'BBQ', 1000), option(422, 'Miel', 1500)],
        },
      ],
    });

  it('keeps two sauces of a required multiple choice and no drink, priced on top of the product', () => {
    const result = rebuildCartLine(lineOf(wings(), [421, 422], 1, 'w1'), wings());
    if (!('line' in result)) throw new Error(`expected a line, got ${JSON.stringify(result)}`);
    expect(unitPrice(result.line)).toBe(20000 + 1000 + 1500);
  });

  it('keeps one drink of an optional single choice', () => {
    expect('line' in rebuildCartLine(lineOf(wings(), [412, 421], 1, 'w1'), wings())).toBe(true);
  });

  it('drops a line with no sauce once the sauces became required', () => {
    const before = lineOf(wings(1, false), [411], 1, 'w1');
    expect('line' in rebuildCartLine(before, wings(1, false))).toBe(true);
    expect(rebuildCartLine(before, wings())).toEqual({ reason: 'choice' });
  });

  it('drops a line with two drinks once the drinks became a single choice', () => {
    const before = lineOf(wings(2), [411, 412, 421], 1, 'w1');
    expect('line' in rebuildCartLine(before, wings(2))).toBe(true);
    expect(rebuildCartLine(before, wings(1))).toEqual({ reason: 'choice' });
  });
});

describe('checkCart', () => {
  it('reports nothing when the branch sells everything at the same prices', () => {
    const check = checkCart(
      [mediumWithBacon, lemonade],
      new Map([
        ['pizza-campina', pizza()],
        ['limonada-de-coco', drink()],
      ]),
    );
    expect(hasChanges(check)).toBe(false);
    expect(check.next).toEqual([mediumWithBacon, lemonade]);
  });

  it('drops unavailable lines and re-prices the others, totals from the shared pricing', () => {
    const products = new Map<string, Product | null>([
      ['pizza-campina', pizza({}, [33900, 48900], 5500)],
      ['limonada-de-coco', drink({ available: false, unavailable_reason: 'sold_out' })],
    ]);
    const check = checkCart([mediumWithBacon, lemonade], products);

    expect(check.unavailable.map(({ line, reason }) => [line.title, reason])).toEqual([
      ['Limonada de coco', 'sold_out'],
    ]);
    expect(check.repriced.map(({ line, before, after }) => [line.title, before, after])).toEqual([
      ['Pizza Campiña', 45900 + 5000, 48900 + 5500],
    ]);
    expect(check.next.map((line) => line._id)).toEqual(['p1']);
    expect(cartTotal(check.next)).toBe((48900 + 5500) * 2);
  });

  it('re-prices in place and keeps the unavailable lines for the customer to remove', () => {
    const products = new Map<string, Product | null>([
      ['pizza-campina', pizza({}, [33900, 48900], 5500)],
      ['limonada-de-coco', drink({ available: false, unavailable_reason: 'sold_out' })],
    ]);
    const check = checkCart([lemonade, mediumWithBacon], products);
    const repriced = withNewPrices([lemonade, mediumWithBacon], check);
    expect(repriced.map((line) => line._id)).toEqual([lemonade._id, mediumWithBacon._id]);
    expect(repriced[0]).toBe(lemonade);
    expect(cartTotal(repriced.slice(1))).toBe((48900 + 5500) * 2);
    // Checked again, nothing is left to re-price: the switch applies once.
    expect(checkCart(repriced, products).repriced).toEqual([]);
  });

  it('treats a product missing from the answers as not sold there', () => {
    const check = checkCart([lemonade], new Map());
    expect(check.unavailable).toHaveLength(1);
    expect(check.next).toEqual([]);
  });

  it('reprices a product without options from its base price', () => {
    const check = checkCart([lemonade], new Map([['limonada-de-coco', drink({ price: 10500 })]]));
    expect(check.repriced.map(({ before, after }) => [before, after])).toEqual([[9900, 10500]]);
    expect(check.next[0]?.total).toBe(31500);
  });
});

describe('notice texts', () => {
  it('counts in Spanish', () => {
    expect(unavailableText(1, 'Campiña')).toBe('1 producto no disponible en Campiña');
    expect(unavailableText(2, 'Campiña')).toBe('2 productos no disponibles en Campiña');
    expect(repricedText(1)).toBe('1 precio actualizado');
    expect(repricedText(3)).toBe('3 precios actualizados');
  });

  it('signs what was reported, regardless of order', () => {
    const products = new Map<string, Product | null>([
      ['pizza-campina', null],
      ['limonada-de-coco', drink({ price: 1 })],
    ]);
    const a = checkSignature(1, checkCart([mediumWithBacon, lemonade], products));
    const b = checkSignature(1, checkCart([lemonade, mediumWithBacon], products));
    expect(a).toBe(b);
    expect(checkSignature(2, checkCart([lemonade, mediumWithBacon], products))).not.toBe(a);
  });
});

describe('cart lines', () => {
  it('lists distinct slugs in cart order', () => {
    expect(distinctSlugs([lemonade, mediumWithBacon, { ...lemonade, _id: 'd2' }])).toEqual([
      'limonada-de-coco',
      'pizza-campina',
    ]);
  });
});
