import type { AdminProductSummary } from '@comanda/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

export interface ProductFilters {
  q: string;
  category_id: number | null;
}

/** GET /api/admin/products?q=&category_id= → products (hidden ones too) in menu order. */
export async function getAdminProducts(filters: ProductFilters, signal?: AbortSignal): Promise<AdminProductSummary[]> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category_id !== null) params.set('category_id', String(filters.category_id));
  const query = params.toString();
  return (await panelApi.get<{ results: AdminProductSummary[] }>(`/api/admin/products${query ? `?${query}` : ''}`, { signal })).results;
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
