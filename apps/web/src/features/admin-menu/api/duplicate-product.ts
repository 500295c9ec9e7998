import { endpoints, type AdminProduct } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';
import { adminProductQueryOptions } from './get-product';

/** POST /api/admin/products/{id}/duplicate → the copy, hidden until an admin shows it. */
export async function duplicateProduct(id: number): Promise<AdminProduct> {
  return (await panelCall(endpoints.duplicateProduct, { params: { id } })).results;
}

export function useDuplicateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProduct,
    onSuccess: (copy) => {
      queryClient.setQueryData(adminProductQueryOptions(copy.id).queryKey, copy);
      void queryClient.invalidateQueries({ queryKey: adminKey('products', 'list') });
      void queryClient.invalidateQueries({ queryKey: adminKey('categories') });
    },
  });
}
