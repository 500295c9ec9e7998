import { describe, expect, it } from 'vitest';
import { cartTotal, lineTotal, setsBasePrice, unitPrice } from './pricing';

const option = (price: number, selected: boolean) => ({ price, selected });

describe('unitPrice', () => {
  it('is the product price when nothing is selected', () => {
    expect(unitPrice({ price: 18900, modifier_group: [] })).toBe(18900);
  });

  it('uses a priced required choice (a size) instead of the product price', () => {
    const pizza = {
      price: 30000,
      modifier_group: [
        {
          required: true,
          type_input: 1,
          modifiers_product: [option(32000, false), option(45000, true)],
        },
      ],
    };
    expect(unitPrice(pizza)).toBe(45000);
  });

  it('keeps the product price when the required choice costs nothing', () => {
    const burger = {
      price: 21900,
      modifier_group: [
        { required: true, type_input: 1, modifiers_product: [option(0, true), option(0, false)] },
      ],
    };
    expect(unitPrice(burger)).toBe(21900);
  });

  it('adds every selected optional extra, ignoring unselected ones', () => {
    const burger = {
      price: 21900,
      modifier_group: [
        { required: true, type_input: 1, modifiers_product: [option(0, true)] },
        {
          required: false,
          type_input: 2,
          modifiers_product: [option(3500, true), option(4000, false), option(2500, true)],
        },
      ],
    };
    expect(unitPrice(burger)).toBe(21900 + 3500 + 2500);
  });

  it('combines a priced size with extras', () => {
    const pizza = {
      price: 30000,
      modifier_group: [
        {
          required: true,
          type_input: 1,
          modifiers_product: [option(32000, true), option(45000, false)],
        },
        { required: false, type_input: 2, modifiers_product: [option(5000, true)] },
      ],
    };
    expect(unitPrice(pizza)).toBe(37000);
  });

  it('adds a required multiple choice to the product price: it is not a size', () => {
    // "Elige al menos una salsa", two priced sauces: replacing the price would charge 5.000.
    const wings = {
      price: 24000,
      modifier_group: [
        {
          required: true,
          type_input: 2,
          modifiers_product: [option(3000, true), option(2000, true)],
        },
      ],
    };
    expect(unitPrice(wings)).toBe(24000 + 3000 + 2000);
  });

  it('adds an optional single choice to the product price', () => {
    const combo = {
      price: 21900,
      modifier_group: [
        {
          required: false,
          type_input: 1,
          modifiers_product: [option(4500, true), option(3900, false)],
        },
      ],
    };
    expect(unitPrice(combo)).toBe(21900 + 4500);
  });
});

describe('setsBasePrice', () => {
  it('is true only for a required single choice', () => {
    expect(setsBasePrice({ required: true, type_input: 1 })).toBe(true);
    expect(setsBasePrice({ required: true, type_input: 2 })).toBe(false);
    expect(setsBasePrice({ required: false, type_input: 1 })).toBe(false);
    expect(setsBasePrice({ required: false, type_input: 2 })).toBe(false);
  });
});

describe('lineTotal and cartTotal', () => {
  it('multiplies the unit by the quantity and sums the lines', () => {
    const a = { price: 5000, quantity: 3, modifier_group: [] };
    const b = {
      price: 10000,
      quantity: 2,
      modifier_group: [{ required: false, type_input: 2, modifiers_product: [option(1500, true)] }],
    };
    expect(lineTotal(a, a.quantity)).toBe(15000);
    expect(cartTotal([a, b])).toBe(15000 + 23000);
    expect(cartTotal([])).toBe(0);
  });
});
