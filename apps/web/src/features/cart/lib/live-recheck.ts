import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Something the cart's check depends on changed (a product sold out or back at a branch, or the
 * connection came back and events may have been missed): its answers are read again and, when
 * a line can no longer be sold, the check shows its usual notice.
 */
export function recheckCart(queryClient: QueryClient, branchId?: number): void {
  const ofBranch = (id: unknown) => branchId === undefined || id === branchId;
  // The check's own answer (['cart-check', branch, slugs]) and the product reads it is built
  // from (queryKeys.products.ifSold: ['product', slug, branch, 'if-sold']), or it would rebuild
  // from the same cached products.
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      (queryKey[0] === 'cart-check' && ofBranch(queryKey[1])) ||
      (queryKey[0] === queryKeys.products.all[0] &&
        queryKey[3] === 'if-sold' &&
        ofBranch(queryKey[2])),
  });
}
