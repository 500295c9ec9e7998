import type { AdminProduct, AdminProductBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelApi } from '@/lib/panel-api';
import { adminProductQueryOptions } from './get-product';

/**
 * POST /api/admin/products (new) or PUT /api/admin/products/{id} with the version the editor
 * read; a 409 means someone saved it meanwhile and nothing was saved.
 */
export async function saveProduct(id: number | null, body: AdminProductBody, version: number | null): Promise<AdminProduct> {
  const answer =
    id === null
      ? await panelApi.post<{ results: AdminProduct }>('/api/admin/products', body)
      : await panelApi.put<{ results: AdminProduct }>(`/api/admin/products/${id}`, { ...body, version });
  return answer.results;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number | null; body: AdminProductBody; version: number | null }) => saveProduct(id, body, version),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductQueryOptions(product.id).queryKey, product);
      void queryClient.invalidateQueries({ queryKey: adminKey('products', 'list') });
      void queryClient.invalidateQueries({ queryKey: adminKey('categories') });
    },
  });
}
