import type { QueryClient } from '@tanstack/react-query';
import { branchProductQueryOptions } from '../api/get-branch-product';

/**
 * Something the cart's check depends on changed (a product sold out or back at a branch, or
 * the connection came back): its answers are re-read past the browser's HTTP cache, then the
 * check over the whole cart runs again and, when a line can no longer be sold, shows its notice.
 */
export async function recheckCart(queryClient: QueryClient, branchId?: number): Promise<void> {
  const ofBranch = (id: unknown) => branchId === undefined || id === branchId;
  const products = queryClient
    .getQueryCache()
    .findAll({ predicate: ({ queryKey }) => queryKey[0] === 'cart-check' && queryKey[1] === 'product' && ofBranch(queryKey[3]) });
  await Promise.all(
    products.map((query) => {
      const [, , slug, id] = query.queryKey as [string, string, string, number];
      return queryClient.fetchQuery({ ...branchProductQueryOptions(slug, id, 'no-cache'), staleTime: 0 }).catch(() => undefined);
    }),
  );
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'cart-check' && queryKey[1] === 'products' && ofBranch(queryKey[2]),
  });
}
