import type { CategoryWithProducts } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { isAvailabilityChange, withAvailability } from './live-availability';

const card = (
  id: number,
  available = true,
  unavailable_reason: 'sold_out' | 'not_offered' | null = null,
) => ({
  id,
  slug: `p-${id}`,
  image: '',
  title: `P${id}`,
  description_eco: '',
  price: 1000,
  price_varies: false,
  available,
  unavailable_reason,
});
const category: CategoryWithProducts = {
  id: 1,
  slug: 'hamburguesas',
  title: 'Hamburguesas',
  photo: '',
  products: [card(1), card(2, false, 'not_offered'), card(3, false, 'sold_out')],
};

describe('withAvailability', () => {
  it('marks a product sold out, and back', () => {
    const soldOut = withAvailability(category, { branch_id: 3, product_id: 1, sold_out: true });
    expect(soldOut.products[0]).toMatchObject({
      id: 1,
      available: false,
      unavailable_reason: 'sold_out',
    });
    const back = withAvailability(category, { branch_id: 3, product_id: 3, sold_out: false });
    expect(back.products[2]).toMatchObject({ id: 3, available: true, unavailable_reason: null });
  });

  it('leaves a product the branch does not sell as not offered, and a category without it untouched', () => {
    expect(withAvailability(category, { branch_id: 3, product_id: 2, sold_out: false })).toBe(
      category,
    );
    expect(withAvailability(category, { branch_id: 3, product_id: 99, sold_out: true })).toBe(
      category,
    );
  });
});

describe('isAvailabilityChange', () => {
  it('accepts the event and refuses anything else', () => {
    expect(isAvailabilityChange({ branch_id: 1, product_id: 2, sold_out: true })).toBe(true);
    expect(isAvailabilityChange({ branch_id: 1, product_id: '2', sold_out: true })).toBe(false);
    expect(isAvailabilityChange(null)).toBe(false);
  });
});
