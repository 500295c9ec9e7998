import { endpoints, type BranchProduct } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/staff/branches/{id}/products → the menu with each product's state at the branch (for "Agotado"). */
export async function getBranchProducts(
  branchId: number,
  signal?: AbortSignal,
): Promise<BranchProduct[]> {
  const body = await panelCall(endpoints.getStaffBranchProducts, {
    params: { id: branchId },
    signal,
  });
  return body.results;
}

export const branchProductsQueryKey = (branchId: number) =>
  [PANEL_KEY, 'products', branchId] as const;

export const branchProductsQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: branchProductsQueryKey(branchId),
    queryFn: ({ signal }) => getBranchProducts(branchId, signal),
  });

export function useBranchProducts(branchId: number) {
  return useQuery(branchProductsQueryOptions(branchId));
}
