import { endpoints, type CartHistory } from '@comanda/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const ORDERS_PER_PAGE = 5;

/** Which page to read: the first, or the one after the order the previous page ended on. */
export interface HistoryPageParam {
  page: number;
  before?: number;
}

/**
 * GET /api/cart-history?page=&per_page=[&before=] → `{ results: PastOrder[], page, per_page, total, next }`,
 * newest first. `before` continues after the previous page's last order, so an order placed
 * meanwhile neither repeats nor hides one, and the server reads one page however deep.
 */
export function getCartHistory(
  { page, before }: HistoryPageParam,
  perPage: number,
  signal?: AbortSignal,
): Promise<CartHistory> {
  return call(endpoints.getCartHistory, { query: { page, per_page: perPage, before }, signal });
}

/** The page after `last`, or undefined when every order has been loaded ("Ver más" goes away). */
export function nextHistoryPage(last: CartHistory): HistoryPageParam | undefined {
  return last.next === null || last.results.length === 0
    ? undefined
    : { page: last.page + 1, before: last.next };
}

export const cartHistoryQueryOptions = (perPage = ORDERS_PER_PAGE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.cartHistory.pages(perPage),
    queryFn: ({ pageParam, signal }) => getCartHistory(pageParam, perPage, signal),
    initialPageParam: { page: 1 } as HistoryPageParam,
    getNextPageParam: nextHistoryPage,
    // A just-placed order must show up when the customer comes back here.
    staleTime: 0,
  });

export function useCartHistory() {
  return useInfiniteQuery(cartHistoryQueryOptions());
}
