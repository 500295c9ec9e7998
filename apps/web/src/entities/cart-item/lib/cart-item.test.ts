import { formatMoney, unitPrice, type ModifierGroup, type Product } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { cartItemFrom, lineNote } from './cart-item';

const option = (id: number, title: string, price: number, selected: boolean) => ({
  id,
  title,
  price,
  selected,
  modifier: { title },
});

const size: ModifierGroup = {
  id: 20,
  title: 'Tamaño',
  required: true,
  type_input: 1,
  modifiers_product: [option(89, 'Personal', 31900, false), option(90, 'Mediana', 45900, true)],
};

const extras: ModifierGroup = {
  id: 21,
  title: 'Adiciones',
  required: false,
  type_input: 2,
  modifiers_product: [
    option(92, 'Extra queso', 4500, true),
    option(93, 'Extra tocineta', 5000, true),
    option(94, 'Sin cebolla', 0, false),
  ],
};

const pizza: Product = {
  id: 7,
  slug: 'pizza-campina',
  title: 'Pizza Campiña',
  description: 'Maíz tierno, tocineta, champiñones y mozzarella.',
  description_eco: 'Maíz y tocineta.',
  image: '/images/products/pizza-campina.webp',
  price: 31900,
  available: true,
  unavailable_reason: null,
  favorite: { id: 4 },
  category: { slug: 'pizzas', title: 'Pizzas' },
  modifier_group: [],
};

describe('a line’s note for the kitchen', () => {
  it('is kept trimmed when it says something, and left out when blank', () => {
    expect(cartItemFrom(pizza, [size], 1, 'a', '  Sin cebolla ').note).toBe('Sin cebolla');
    expect(cartItemFrom(pizza, [size], 1, 'b', '   ')).not.toHaveProperty('note');
  });

  it('makes the same product with another note another line; a line stored before notes has none', () => {
    const plain = cartItemFrom(pizza, [size], 1, 'a');
    const noted = cartItemFrom(pizza, [size], 1, 'b', 'Bien asada');
    expect([lineNote(plain), lineNote(noted)]).toEqual(['', 'Bien asada']);
    expect(noted._id).not.toBe(plain._id);
    const { note: _ignored, ...stored } = noted;
    expect(lineNote(stored as { note?: string })).toBe('');
  });
});

describe('cartItemFrom', () => {
  it('carries the product, the chosen options and the total from the pricing function', () => {
    const item = cartItemFrom(pizza, [size, extras], 2, 'line-1');
    expect(item).toEqual({
      _id: 'line-1',
      id: 7,
      slug: 'pizza-campina',
      title: 'Pizza Campiña',
      description: pizza.description,
      image: pizza.image,
      price: 31900,
      quantity: 2,
      total: unitPrice({ price: 31900, modifier_group: [size, extras] }) * 2,
      favorite: { id: 4 },
      modifier_group: [size, extras],
    });
    // Mediana replaces the base price, extras add up: (45900 + 4500 + 5000) × 2.
    expect(formatMoney(item.total)).toBe('$110.800');
  });

  it('adds the sauces of a required multiple choice and an optional drink to the product price', () => {
    const drink: ModifierGroup = {
      id: 40,
      title: 'Bebida',
      required: false,
      type_input: 1,
      modifiers_product: [option(402, 'Limonada', 4000, true)],
    };
    const sauces: ModifierGroup = {
      id: 50,
      title: 'Salsas',
      required: true,
      type_input: 2,
      modifiers_product: [option(501, 'BBQ', 1000, true), option(502, 'Miel mostaza', 1500, true)],
    };
    expect(cartItemFrom({ ...pizza, price: 20000 }, [drink, sauces], 1, 'x').total).toBe(
      20000 + 4000 + 1000 + 1500,
    );
  });

  it('uses the product price when no required option is priced', () => {
    const free = { ...size, modifiers_product: [option(301, 'Gaseosa', 0, true)] };
    expect(cartItemFrom({ ...pizza, price: 22900 }, [free, extras], 1, 'x').total).toBe(
      22900 + 4500 + 5000,
    );
  });
});
