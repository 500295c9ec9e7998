import type { CartHistory } from '@comanda/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const ORDERS_PER_PAGE = 5;

/** GET /api/cart-history?page=&per_page= → `{ results: PastOrder[], page, per_page, total }`, newest first. */
export function getCartHistory(page: number, perPage: number, signal?: AbortSignal): Promise<CartHistory> {
  return api.get<CartHistory>(`/api/cart-history?page=${page}&per_page=${perPage}`, { signal });
}

/** The pages after `last`, or undefined when every order has been loaded ("Ver más" goes away). */
export function nextHistoryPage(last: CartHistory): number | undefined {
  return last.page * last.per_page < last.total && last.results.length > 0 ? last.page + 1 : undefined;
}

export const cartHistoryQueryOptions = (perPage = ORDERS_PER_PAGE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.cartHistory.pages(perPage),
    queryFn: ({ pageParam, signal }) => getCartHistory(pageParam, perPage, signal),
    initialPageParam: 1,
    getNextPageParam: nextHistoryPage,
    // A just-placed order must show up when the customer comes back here.
    staleTime: 0,
  });

export function useCartHistory() {
  return useInfiniteQuery(cartHistoryQueryOptions());
}
