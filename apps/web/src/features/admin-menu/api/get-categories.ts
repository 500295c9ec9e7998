import type { AdminCategory } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

/** GET /api/admin/categories → every category, hidden ones too, in menu order. */
export async function getAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return (await panelApi.get<{ results: AdminCategory[] }>('/api/admin/categories', { signal })).results;
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKey('categories'), queryFn: ({ signal }) => getAdminCategories(signal) });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
