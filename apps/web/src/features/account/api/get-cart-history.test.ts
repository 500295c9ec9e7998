import { describe, expect, it } from 'vitest';
import { nextHistoryPage } from './get-cart-history';

const page = (n: number, total: number, count: number, next: number | null) => ({
  page: n,
  per_page: 5,
  total,
  next,
  results: Array.from({ length: count }, () => ({}) as never),
});

describe('nextHistoryPage ("Ver más")', () => {
  it('continues after the last order shown while the server says more remain', () => {
    expect(nextHistoryPage(page(1, 12, 5, 40))).toEqual({ page: 2, before: 40 });
    expect(nextHistoryPage(page(2, 12, 5, 31))).toEqual({ page: 3, before: 31 });
  });

  it('stops at the last page, and on an empty page whatever the cursor says', () => {
    expect(nextHistoryPage(page(3, 12, 2, null))).toBeUndefined();
    expect(nextHistoryPage(page(1, 5, 5, null))).toBeUndefined();
    expect(nextHistoryPage(page(4, 30, 0, 7))).toBeUndefined();
  });
});
