import { endpoints, type AdminBranchProduct } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/products/{id}/branches → what every branch does with the product. */
export async function getBranchProducts(
  productId: number,
  signal?: AbortSignal,
): Promise<AdminBranchProduct[]> {
  return (await panelCall(endpoints.getProductBranches, { params: { id: productId }, signal }))
    .results;
}

export const branchProductsQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: adminKey('branch-products', productId),
    queryFn: ({ signal }) => getBranchProducts(productId, signal),
  });

export function useBranchProducts(productId: number) {
  return useQuery(branchProductsQueryOptions(productId));
}
