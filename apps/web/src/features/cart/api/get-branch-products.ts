import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchProductsIfSold } from '@/entities/product/api/get-product';

/** Every product of the cart (`slugs`) at `branchId`: slug → product, null = not sold there. */
export const branchProductsQueryOptions = (slugs: readonly string[], branchId: number) =>
  queryOptions({
    queryKey: ['cart-check', branchId, slugs],
    queryFn: ({ client }) => fetchProductsIfSold(client, slugs, branchId),
  });

/**
 * One query over the cart's products rather than `useQueries`, whose extra observer would
 * otherwise be split out of the shared chunks into the first load.
 */
export function useBranchProducts(slugs: readonly string[], branchId: number) {
  return useQuery(branchProductsQueryOptions(slugs, branchId));
}
