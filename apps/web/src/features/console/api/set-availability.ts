import { endpoints, type BranchProduct } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { branchProductsQueryKey } from './get-branch-products';
import { panelCall } from '@/lib/panel-api';

/** PUT /api/staff/branches/{id}/products/{productId}/availability {sold_out} → the product's new state. */
export async function setAvailability(
  branchId: number,
  productId: number,
  soldOut: boolean,
): Promise<BranchProduct> {
  const body = await panelCall(endpoints.setProductAvailability, {
    params: { id: branchId, productId },
    body: {
      sold_out: soldOut,
    },
  });
  return body.results;
}

const replace = (
  products: BranchProduct[] | undefined,
  next: Pick<BranchProduct, 'product_id' | 'sold_out'>,
) =>
  products?.map((product) =>
    product.product_id === next.product_id ? { ...product, sold_out: next.sold_out } : product,
  );

/** The switch moves at once; a refusal puts it back. */
export function useSetAvailability(branchId: number) {
  const queryClient = useQueryClient();
  const key = branchProductsQueryKey(branchId);
  return useMutation({
    mutationFn: ({ productId, soldOut }: { productId: number; soldOut: boolean }) =>
      setAvailability(branchId, productId, soldOut),
    onMutate: ({ productId, soldOut }) => {
      const before = queryClient.getQueryData<BranchProduct[]>(key);
      queryClient.setQueryData<BranchProduct[]>(key, (products) =>
        replace(products, { product_id: productId, sold_out: soldOut }),
      );
      return { before };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (product) =>
      queryClient.setQueryData<BranchProduct[]>(key, (products) => replace(products, product)),
  });
}
