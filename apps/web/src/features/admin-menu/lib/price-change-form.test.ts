import { describe, expect, it } from 'vitest';
import { bodyOf, parseChange } from './price-change-form';

describe('parseChange', () => {
  it('reads percentages with a sign, a comma or a % sign', () => {
    expect(parseChange('percent', '10')).toBe(10);
    expect(parseChange('percent', '+10 %')).toBe(10);
    expect(parseChange('percent', '-12,5')).toBe(-12.5);
    expect(parseChange('percent', 'diez')).toBeNaN();
  });

  it('reads pesos as the product editor does, with a sign', () => {
    expect(parseChange('amount', '1.000')).toBe(1000);
    expect(parseChange('amount', '-$2.500')).toBe(-2500);
    expect(parseChange('amount', '2,5')).toBeNaN();
  });
});

describe('bodyOf', () => {
  it('sends either the category or the ticked products', () => {
    const form = {
      scope: 'category' as const,
      categoryId: 3,
      productIds: [7, 8],
      branchId: null,
      mode: 'percent' as const,
      value: '10',
    };
    expect(bodyOf(form)).toEqual({ category_id: 3, branch_id: null, mode: 'percent', value: 10 });
    expect(bodyOf({ ...form, scope: 'products', branchId: 2 })).toEqual({
      product_ids: [7, 8],
      branch_id: 2,
      mode: 'percent',
      value: 10,
    });
  });
});
