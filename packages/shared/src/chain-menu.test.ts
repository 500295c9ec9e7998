import { describe, expect, it } from 'vitest';
import { chainCategory, chainOffer, chainProduct } from './chain-menu';
import type { CategoryWithProducts, Product, ProductCard } from './schemas/catalog';

const card = (id: number, price: number, state: Partial<ProductCard> = {}): ProductCard => ({
  id,
  slug: `p-${id}`,
  image: `/images/products/p-${id}.webp`,
  title: `Producto ${id}`,
  description_eco: 'Descripción',
  price,
  price_varies: false,
  available: true,
  unavailable_reason: null,
  ...state,
});
const soldOut = { available: false, unavailable_reason: 'sold_out' } as const;
const notOffered = { available: false, unavailable_reason: 'not_offered' } as const;

const category = (products: ProductCard[]): CategoryWithProducts => ({
  id: 1,
  slug: 'hamburguesas',
  title: 'Hamburguesas',
  photo: '/images/categories/hamburguesas.webp',
  products,
});

describe('chainOffer', () => {
  it('takes the lowest price among the branches that sell the product, sold out ones included', () => {
    expect(
      chainOffer([card(1, 22900), card(1, 19900, soldOut), card(1, 9900, notOffered)]),
    ).toEqual({
      price: 19900,
      price_varies: true,
      available: true,
      unavailable_reason: null,
    });
  });

  it('says the price does not vary when every selling branch asks the same', () => {
    expect(chainOffer([card(1, 22900), card(1, 22900), card(1, 5000, notOffered)])).toMatchObject({
      price: 22900,
      price_varies: false,
    });
  });

  it('is sold out when every branch that sells it is sold out, and null when none sells it', () => {
    expect(chainOffer([card(1, 22900, soldOut), card(1, 21900, notOffered)])).toEqual({
      price: 22900,
      price_varies: false,
      available: false,
      unavailable_reason: 'sold_out',
    });
    expect(chainOffer([card(1, 22900, notOffered)])).toBeNull();
    expect(chainOffer([])).toBeNull();
  });
});

describe('chainCategory', () => {
  it('merges the branches’ answers in the first answer’s order and drops what no branch sells', () => {
    const merged = chainCategory([
      category([card(1, 22900), card(2, 29900, notOffered), card(3, 15000, notOffered)]),
      category([card(1, 24900), card(2, 31900), card(3, 15000, notOffered)]),
    ]);
    expect(merged?.products.map((p) => [p.id, p.price, p.price_varies])).toEqual([
      [1, 22900, true],
      [2, 31900, false],
    ]);
    expect(merged).toMatchObject({ id: 1, slug: 'hamburguesas', title: 'Hamburguesas' });
  });

  it('is null without answers (an unknown slug)', () => {
    expect(chainCategory([])).toBeNull();
  });
});

describe('chainProduct', () => {
  const product = (price: number, state: Partial<Product> = {}): Product => ({
    ...card(7, price),
    description: 'Larga',
    favorite: { id: 7 },
    category: { slug: 'hamburguesas', title: 'Hamburguesas' },
    modifier_group: [],
    ...state,
  });

  it('states the lowest price, never a customer’s favourite', () => {
    const merged = chainProduct([product(26900, notOffered), product(24900), product(22900)]);
    expect(merged).toMatchObject({ id: 7, price: 22900, price_varies: true, favorite: null });
  });

  it('is null when no branch sells the product', () => {
    expect(chainProduct([product(22900, notOffered)])).toBeNull();
  });

  it('marks an option sold out only where every branch selling the product ran out of it (decision 050)', () => {
    const withOptions = (outAt: number[], state: Partial<Product> = {}) =>
      product(22900, {
        ...state,
        modifier_group: [
          {
            id: 3,
            title: 'Adiciones',
            required: false,
            type_input: 2,
            modifiers_product: [40, 41].map((id) => ({
              id,
              title: `Opción ${id}`,
              price: 0,
              selected: false,
              modifier: { title: `Opción ${id}` },
              sold_out: outAt.includes(id),
            })),
          },
        ],
      });
    const merged = chainProduct([
      withOptions([], notOffered),
      withOptions([40, 41]),
      withOptions([41]),
    ]);
    expect(merged!.modifier_group[0]!.modifiers_product.map((o) => [o.id, o.sold_out])).toEqual([
      [40, false],
      [41, true],
    ]);
  });
});
