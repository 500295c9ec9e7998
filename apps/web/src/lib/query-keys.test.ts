import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Whether invalidating `by` marks the entry cached under `key` stale, on a real QueryClient. */
async function reaches(by: readonly unknown[], key: readonly unknown[]): Promise<boolean> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(key, 'cached');
  await queryClient.invalidateQueries({ queryKey: by });
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

describe('query keys shared across slices', () => {
  it('a toggled favourite reaches every product (page and batch checks) and the favourites list', async () => {
    expect(await reaches(queryKeys.products.all, queryKeys.products.detail('pizza', 3))).toBe(true);
    expect(await reaches(queryKeys.products.all, queryKeys.products.ifSold('pizza', 3))).toBe(true);
    expect(await reaches(queryKeys.favorites.all, queryKeys.favorites.list)).toBe(true);
  });

  it('a placed order reaches every page size of the order history', async () => {
    expect(await reaches(queryKeys.cartHistory.all, queryKeys.cartHistory.pages(5))).toBe(true);
  });

  it('keeps one product at one branch apart from the others', async () => {
    expect(
      await reaches(queryKeys.products.detail('pizza', 3), queryKeys.products.detail('pizza', 4)),
    ).toBe(false);
    expect(await reaches(queryKeys.order(1), queryKeys.order(12))).toBe(false);
  });
});
