import { endpoints, type AdminProductSummary } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/products/{id}/visibility `{hidden}`: out of every storefront (kept), or back. */
export async function setProductVisibility(
  id: number,
  hidden: boolean,
  version: number,
): Promise<AdminProductSummary> {
  return (
    await panelCall(endpoints.setProductVisibility, { params: { id }, body: { hidden, version } })
  ).results;
}

export function useSetProductVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden, version }: { id: number; hidden: boolean; version: number }) =>
      setProductVisibility(id, hidden, version),
    // A 409 (saved by someone else since read) reads the list again too: the screen shows the current state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('products') }),
  });
}
