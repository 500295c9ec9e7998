import type { QueryClient } from '@tanstack/react-query';

/**
 * Something the cart's check depends on changed at a branch (a product sold out or back): its
 * answers for that branch are stale, so a mounted check reads them again and, when a line can
 * no longer be sold, shows its usual notice.
 */
export function recheckCartAt(queryClient: QueryClient, branchId: number): void {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'cart-check' &&
      ((queryKey[1] === 'product' && queryKey[3] === branchId) || (queryKey[1] === 'products' && queryKey[2] === branchId)),
  });
}
