import { endpoints, type AdminCategory } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/categories/{id}/visibility `{hidden}`: out of every storefront, or back. */
export async function setCategoryVisibility(id: number, hidden: boolean): Promise<AdminCategory> {
  return (await panelCall(endpoints.setCategoryVisibility, { params: { id }, body: { hidden } })).results;
}

export function useSetCategoryVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setCategoryVisibility(id, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}
