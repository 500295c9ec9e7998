import { describe, expect, it } from 'vitest';
import { cartTotal, lineTotal, unitPrice } from './pricing';

const option = (price: number, selected: boolean) => ({ price, selected });

describe('unitPrice', () => {
  it('is the product price when nothing is selected', () => {
    expect(unitPrice({ price: 18900, modifier_group: [] })).toBe(18900);
  });

  it('uses a priced required choice (a size) instead of the product price', () => {
    const pizza = {
      price: 30000,
      modifier_group: [
        { required: true, modifiers_product: [option(32000, false), option(45000, true)] },
      ],
    };
    expect(unitPrice(pizza)).toBe(45000);
  });

  it('keeps the product price when the required choice costs nothing', () => {
    const burger = {
      price: 21900,
      modifier_group: [{ required: true, modifiers_product: [option(0, true), option(0, false)] }],
    };
    expect(unitPrice(burger)).toBe(21900);
  });

  it('adds every selected optional extra, ignoring unselected ones', () => {
    const burger = {
      price: 21900,
      modifier_group: [
        { required: true, modifiers_product: [option(0, true)] },
        {
          required: false,
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
        { required: true, modifiers_product: [option(32000, true), option(45000, false)] },
        { required: false, modifiers_product: [option(5000, true)] },
      ],
    };
    expect(unitPrice(pizza)).toBe(37000);
  });
});

describe('lineTotal and cartTotal', () => {
  it('multiplies the unit by the quantity and sums the lines', () => {
    const a = { price: 5000, quantity: 3, modifier_group: [] };
    const b = {
      price: 10000,
      quantity: 2,
      modifier_group: [{ required: false, modifiers_product: [option(1500, true)] }],
    };
    expect(lineTotal(a, a.quantity)).toBe(15000);
    expect(cartTotal([a, b])).toBe(15000 + 23000);
    expect(cartTotal([])).toBe(0);
  });
});
