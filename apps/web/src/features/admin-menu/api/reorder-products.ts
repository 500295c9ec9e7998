import { endpoints, type AdminProductSummary } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/categories/{id}/products/order `{ids}`: every product of the category, in the new order. */
export async function reorderProducts(
  categoryId: number,
  ids: number[],
): Promise<AdminProductSummary[]> {
  return (await panelCall(endpoints.reorderProducts, { params: { id: categoryId }, body: { ids } }))
    .results;
}

export function useReorderProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, ids }: { categoryId: number; ids: number[] }) =>
      reorderProducts(categoryId, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey('products', 'list') }),
  });
}
