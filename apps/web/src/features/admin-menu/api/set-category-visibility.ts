import type { AdminCategory } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';

/** PUT /api/admin/categories/{id}/visibility `{hidden}`: out of every storefront, or back. */
export async function setCategoryVisibility(id: number, hidden: boolean): Promise<AdminCategory> {
  return (await panelApi.put<{ results: AdminCategory }>(`/api/admin/categories/${id}/visibility`, { hidden })).results;
}

export function useSetCategoryVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setCategoryVisibility(id, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}
