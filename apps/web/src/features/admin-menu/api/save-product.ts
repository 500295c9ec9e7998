import { endpoints, type AdminProduct, type AdminProductBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';
import { adminProductQueryOptions } from './get-product';

/**
 * POST /api/admin/products (new) or PUT /api/admin/products/{id} with the version the editor
 * read; a 409 means someone saved it meanwhile and nothing was saved.
 */
export async function saveProduct(
  id: number | null,
  body: AdminProductBody,
  version: number | null,
): Promise<AdminProduct> {
  const answer =
    id === null
      ? await panelCall(endpoints.createProduct, { body })
      : await panelCall(endpoints.updateProduct, {
          params: { id },
          body: { ...body, version: version ?? 0 },
        });
  return answer.results;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id: number | null;
      body: AdminProductBody;
      version: number | null;
    }) => saveProduct(id, body, version),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductQueryOptions(product.id).queryKey, product);
      void queryClient.invalidateQueries({ queryKey: adminKey('products', 'list') });
      void queryClient.invalidateQueries({ queryKey: adminKey('categories') });
    },
  });
}
