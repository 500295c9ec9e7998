import type { QueryClient } from '@tanstack/react-query';

/**
 * Something the cart's check depends on changed (a product sold out or back at a branch, or the
 * connection came back and events may have been missed): its answers are read again and, when
 * a line can no longer be sold, the check shows its usual notice.
 */
export function recheckCart(queryClient: QueryClient, branchId?: number): void {
  const ofBranch = (id: unknown) => branchId === undefined || id === branchId;
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'cart-check' &&
      ((queryKey[1] === 'product' && ofBranch(queryKey[3])) || (queryKey[1] === 'products' && ofBranch(queryKey[2]))),
  });
}
