import { endpoints, type AdminProductSummary } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/products/{id}/visibility `{hidden}`: out of every storefront (kept), or back. */
export async function setProductVisibility(id: number, hidden: boolean): Promise<AdminProductSummary> {
  return (await panelCall(endpoints.setProductVisibility, { params: { id }, body: { hidden } })).results;
}

export function useSetProductVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setProductVisibility(id, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey('products') }),
  });
}
