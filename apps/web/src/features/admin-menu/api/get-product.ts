import { endpoints, type AdminProduct } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/products/{id} → the product to edit, with its groups and its version. */
export async function getAdminProduct(id: number, signal?: AbortSignal): Promise<AdminProduct> {
  return (await panelCall(endpoints.getAdminProduct, { params: { id }, signal })).results;
}

export const adminProductQueryOptions = (id: number) =>
  // Never served from cache when opened: the editor must start from the latest version.
  queryOptions({
    queryKey: adminKey('products', 'one', id),
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    staleTime: 0,
  });

export function useAdminProduct(id: number | null) {
  return useQuery({
    ...adminProductQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchOnWindowFocus: false,
  });
}
