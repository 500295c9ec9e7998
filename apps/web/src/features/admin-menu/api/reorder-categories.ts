import { endpoints, type AdminCategory } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';
import { adminCategoriesQueryOptions } from './get-categories';

/** PUT /api/admin/categories/order `{ids}`: every category, in the new order. */
export async function reorderCategories(ids: number[]): Promise<AdminCategory[]> {
  return (await panelCall(endpoints.reorderCategories, { body: { ids } })).results;
}

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    onSuccess: (categories) =>
      queryClient.setQueryData(adminCategoriesQueryOptions().queryKey, categories),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}
