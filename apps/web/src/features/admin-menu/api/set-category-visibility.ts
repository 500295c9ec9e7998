import { endpoints, type AdminCategory } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/categories/{id}/visibility `{hidden}`: out of every storefront, or back. */
export async function setCategoryVisibility(
  id: number,
  hidden: boolean,
  version: number,
): Promise<AdminCategory> {
  return (
    await panelCall(endpoints.setCategoryVisibility, { params: { id }, body: { hidden, version } })
  ).results;
}

export function useSetCategoryVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden, version }: { id: number; hidden: boolean; version: number }) =>
      setCategoryVisibility(id, hidden, version),
    // A 409 (saved by someone else since read) reads the list again too: the screen shows the current state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('categories') }),
  });
}
