import { endpoints, type AdminBranchProduct, type AdminBranchProductBody } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { adminKey, panelCall } from '@/lib/panel-api';

/** PUT /api/admin/branches/{id}/products/{productId} `{offered, price, sold_out}` (price null: the product's). */
export async function setBranchProduct(
  branchId: number,
  productId: number,
  body: AdminBranchProductBody,
): Promise<AdminBranchProduct> {
  return (
    await panelCall(endpoints.setBranchProduct, { params: { id: branchId, productId }, body })
  ).results;
}

export function useSetBranchProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      branchId,
      productId,
      body,
    }: {
      branchId: number;
      productId: number;
      body: AdminBranchProductBody;
    }) => setBranchProduct(branchId, productId, body),
    onSuccess: (_answer, { productId }) =>
      queryClient.invalidateQueries({ queryKey: adminKey('branch-products', productId) }),
    // Saved by someone else (or switched by the console) since read: show the current state.
    onError: (error, { productId }) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: adminKey('branch-products', productId) });
    },
  });
}
