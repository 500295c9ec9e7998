import { endpoints, type AdminProductSummary } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

export interface ProductFilters {
  q: string;
  category_id: number | null;
}

/** GET /api/admin/products?q=&category_id= → products (hidden ones too) in menu order. */
export async function getAdminProducts(
  filters: ProductFilters,
  signal?: AbortSignal,
): Promise<AdminProductSummary[]> {
  const query = { q: filters.q.trim(), category_id: filters.category_id ?? undefined };
  return (await panelCall(endpoints.getAdminProducts, { query, signal })).results;
}

export const adminProductsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: adminKey('products', 'list', filters),
    queryFn: ({ signal }) => getAdminProducts(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(filters: ProductFilters) {
  return useQuery(adminProductsQueryOptions(filters));
}
