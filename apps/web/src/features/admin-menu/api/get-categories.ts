import { endpoints, type AdminCategory } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/categories → every category, hidden ones too, in menu order. */
export async function getAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return (await panelCall(endpoints.getAdminCategories, { signal })).results;
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('categories'),
    queryFn: ({ signal }) => getAdminCategories(signal),
  });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
