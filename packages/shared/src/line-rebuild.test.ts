import { describe, expect, it } from 'vitest';
import { isAllowedQuantity, MAX_QUANTITY, MIN_QUANTITY } from './constants';
import {
  productToday,
  rebuildLine,
  type LineProblemKind,
  type ProductToday,
  type StoredLine,
} from './line-rebuild';
import { unitPrice } from './pricing';
import type { Product } from './schemas/catalog';

/** A pizza today: a required single-choice size (sets the price) and optional extras (add to it). */
const pizza = (overrides: Partial<ProductToday> = {}): ProductToday => ({
  id: 8,
  title: 'Pizza Hawaiana',
  price: 29900,
  unavailable: null,
  groups: [
    {
      id: 22,
      title: 'Tamaño',
      required: true,
      type_input: 1,
      options: [
        { id: 96, title: 'Personal', price: 29900 },
        { id: 97, title: 'Mediana', price: 42900 },
      ],
    },
    {
      id: 23,
      title: 'Adiciones',
      required: false,
      type_input: 2,
      max_choices: 2,
      options: [
        { id: 99, title: 'Extra queso', price: 4500 },
        { id: 100, title: 'Extra tocineta', price: 5000 },
        { id: 101, title: 'Extra piña', price: 3000 },
      ],
    },
  ],
  ...overrides,
});

/** The pizza at a branch that ran out of extra cheese today (decision 050). */
const withExtraQuesoSoldOut = () => {
  const today = pizza();
  return {
    ...today,
    groups: today.groups.map((group) => ({
      ...group,
      options: group.options.map((o) => (o.id === 99 ? { ...o, sold_out: true } : o)),
    })),
  };
};

const stored = (overrides: Partial<StoredLine> = {}): StoredLine => ({
  product_id: 8,
  quantity: 2,
  chosen: [97, 99],
  ...overrides,
});

describe('rebuildLine', () => {
  it("rebuilds a line with today's titles and prices, priced by the shared unitPrice", () => {
    const { line, problem } = rebuildLine(stored(), pizza());
    expect(problem).toBeUndefined();
    expect(line).toMatchObject({
      product_id: 8,
      quantity: 2,
      unit_price: 42900 + 4500,
      total: (42900 + 4500) * 2,
      price_change: null,
    });
    expect(line!.options).toEqual([
      { group_id: 22, group_title: 'Tamaño', option_id: 97, title: 'Mediana', price: 42900 },
      { group_id: 23, group_title: 'Adiciones', option_id: 99, title: 'Extra queso', price: 4500 },
    ]);
    expect([...line!.chosen]).toEqual([97, 99]);
    const priced = {
      price: 29900,
      modifier_group: pizza().groups.map((g) => ({
        ...g,
        modifiers_product: g.options.map((o) => ({
          price: o.price,
          selected: line!.chosen.has(o.id),
        })),
      })),
    };
    expect(line!.unit_price).toBe(unitPrice(priced));
  });

  it('reports a price change against the unit price the line brought, and none when equal', () => {
    expect(rebuildLine(stored({ unit_price: 40000 }), pizza()).line!.price_change).toEqual({
      before: 40000,
      after: 47400,
    });
    expect(rebuildLine(stored({ unit_price: 47400 }), pizza()).line!.price_change).toBeNull();
  });

  it('uses the price at the branch when no option sets it', () => {
    const drink = pizza({ price: 5500, groups: [] });
    expect(rebuildLine(stored({ chosen: [] }), drink).line!.unit_price).toBe(5500);
  });

  // Every kind of problem, each from the smallest change that causes it.
  const cases: [LineProblemKind, ReturnType<typeof rebuildLine>['problem']][] = [
    ['product_gone', rebuildLine(stored(), null).problem],
    ['product_gone', rebuildLine(stored({ product_id: 9 }), pizza()).problem],
    ['not_offered', rebuildLine(stored(), pizza({ unavailable: 'not_offered' })).problem],
    ['sold_out', rebuildLine(stored(), pizza({ unavailable: 'sold_out' })).problem],
    ['quantity', rebuildLine(stored({ quantity: 0 }), pizza()).problem],
    ['option_gone', rebuildLine(stored({ chosen: [97, 555] }), pizza()).problem],
    ['option_sold_out', rebuildLine(stored(), withExtraQuesoSoldOut()).problem],
    ['choice', rebuildLine(stored({ chosen: [99] }), pizza()).problem],
  ];
  it.each(cases)('answers %s', (kind, problem) => {
    expect(problem?.kind).toBe(kind);
  });

  it('covers every kind of problem above', () => {
    const kinds: Record<LineProblemKind, true> = {
      product_gone: true,
      not_offered: true,
      sold_out: true,
      quantity: true,
      option_gone: true,
      option_sold_out: true,
      choice: true,
    };
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(Object.keys(kinds)));
  });

  it('names the gone option, and the group with the option rule for a choice', () => {
    expect(rebuildLine(stored({ chosen: [97, 555] }), pizza()).problem).toEqual({
      kind: 'option_gone',
      option_id: 555,
    });
    expect(rebuildLine(stored({ chosen: [99] }), pizza()).problem).toEqual({
      kind: 'choice',
      group: 'Tamaño',
      code: 'missing',
      min: 1,
      max: 1,
    });
    expect(rebuildLine(stored({ chosen: [96, 97] }), pizza()).problem).toEqual({
      kind: 'choice',
      group: 'Tamaño',
      code: 'too_many',
      min: 1,
      max: 1,
    });
    expect(rebuildLine(stored({ chosen: [96, 99, 100, 101] }), pizza()).problem).toEqual({
      kind: 'choice',
      group: 'Adiciones',
      code: 'too_many',
      min: 0,
      max: 2,
    });
    const atLeastTwo = pizza({
      groups: [{ ...pizza().groups[1]!, required: true, min_choices: 2 }],
    });
    expect(rebuildLine(stored({ chosen: [99] }), atLeastTwo).problem).toEqual({
      kind: 'choice',
      group: 'Adiciones',
      code: 'too_few',
      min: 2,
      max: 2,
    });
  });

  it('checks in order: the product, its availability, the quantity, the options, the groups', () => {
    expect(
      rebuildLine(stored({ quantity: 0, chosen: [555] }), pizza({ unavailable: 'sold_out' }))
        .problem?.kind,
    ).toBe('sold_out');
    expect(rebuildLine(stored({ quantity: 0, chosen: [555] }), pizza()).problem?.kind).toBe(
      'quantity',
    );
    expect(rebuildLine(stored({ chosen: [555] }), pizza()).problem?.kind).toBe('option_gone');
  });
});

describe('quantity bounds', () => {
  it('allows whole numbers from 1 to 99 only', () => {
    expect([MIN_QUANTITY, MAX_QUANTITY]).toEqual([1, 99]);
    for (const quantity of [1, 2, 50, 99])
      expect(isAllowedQuantity(quantity), String(quantity)).toBe(true);
    for (const quantity of [0, -1, 100, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isAllowedQuantity(quantity), String(quantity)).toBe(false);
    expect(rebuildLine(stored({ quantity: 99 }), pizza()).line?.quantity).toBe(99);
    expect(rebuildLine(stored({ quantity: 100 }), pizza()).problem).toEqual({ kind: 'quantity' });
  });
});

describe('productToday', () => {
  const wire: Product = {
    id: 8,
    slug: 'pizza-hawaiana',
    title: 'Pizza Hawaiana',
    description: '',
    description_eco: '',
    image: '',
    price: 29900,
    available: false,
    unavailable_reason: null,
    favorite: null,
    category: { slug: 'pizzas', title: 'Pizzas' },
    modifier_group: [
      {
        id: 22,
        title: 'Tamaño',
        required: true,
        type_input: 1,
        modifiers_product: [
          {
            id: 96,
            title: 'Personal',
            price: 29900,
            selected: true,
            modifier: { title: 'Personal' },
          },
        ],
      },
    ],
  };

  it("reads the catalogue's product, an unavailable one without a reason as sold out", () => {
    expect(productToday(wire)).toEqual({
      id: 8,
      title: 'Pizza Hawaiana',
      price: 29900,
      unavailable: 'sold_out',
      groups: [
        {
          id: 22,
          title: 'Tamaño',
          required: true,
          type_input: 1,
          min_choices: null,
          max_choices: null,
          options: [{ id: 96, title: 'Personal', price: 29900 }],
        },
      ],
    });
    expect(
      productToday({ ...wire, available: false, unavailable_reason: 'not_offered' }).unavailable,
    ).toBe('not_offered');
    expect(productToday({ ...wire, available: true }).unavailable).toBeNull();
  });
});

describe('an option sold out at the branch (decision 050)', () => {
  it('refuses a line that chose it, naming the option', () => {
    expect(rebuildLine(stored(), withExtraQuesoSoldOut()).problem).toEqual({
      kind: 'option_sold_out',
      option_id: 99,
      option: 'Extra queso',
    });
  });

  it('still sells the product without it', () => {
    expect(rebuildLine(stored({ chosen: [97] }), withExtraQuesoSoldOut()).line).toBeDefined();
  });
});
