import { describe, expect, it } from 'vitest';
import { nextHistoryPage } from './get-cart-history';

const page = (n: number, perPage: number, total: number, count: number) => ({
  page: n,
  per_page: perPage,
  total,
  results: Array.from({ length: count }, () => ({}) as never),
});

describe('nextHistoryPage ("Ver más")', () => {
  it('offers the next page while orders remain', () => {
    expect(nextHistoryPage(page(1, 5, 12, 5))).toBe(2);
    expect(nextHistoryPage(page(2, 5, 12, 5))).toBe(3);
  });

  it('stops at the last page, and on an empty page whatever the total says', () => {
    expect(nextHistoryPage(page(3, 5, 12, 2))).toBeUndefined();
    expect(nextHistoryPage(page(1, 5, 5, 5))).toBeUndefined();
    expect(nextHistoryPage(page(4, 5, 30, 0))).toBeUndefined();
  });
});
