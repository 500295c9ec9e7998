import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchProductsIfSold } from '@/entities/product/api/get-product';

/**
 * Every product of the cart (`slugs`) at `branchId`: slug → product, null = not sold there.
 * One query over them rather than `useQueries`, whose extra observer would otherwise be split
 * out of the shared chunks into the first load.
 */
/** Every product of a cart at a branch, checked together. */
export const cartCheckQueryKey = (branchId: number, slugs: readonly string[]) => ['cart-check', branchId, slugs] as const;

export function useBranchProducts(slugs: readonly string[], branchId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: cartCheckQueryKey(branchId, slugs),
    queryFn: () => fetchProductsIfSold(queryClient, slugs, branchId),
  });
}
