import { endpoints, type BranchOption, type BranchProduct } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { branchProductsQueryKey } from './get-branch-products';
import { panelCall } from '@/lib/panel-api';

/** PUT /api/staff/branches/{id}/options/{optionId}/availability {sold_out} → the option's new state. */
export async function setOptionAvailability(
  branchId: number,
  optionId: number,
  soldOut: boolean,
): Promise<BranchOption> {
  const body = await panelCall(endpoints.setOptionAvailability, {
    params: { id: branchId, optionId },
    body: { sold_out: soldOut },
  });
  return body.results;
}

const replace = (
  products: BranchProduct[] | undefined,
  next: Pick<BranchOption, 'option_id' | 'sold_out'>,
) =>
  products?.map((product) =>
    product.options.some((option) => option.option_id === next.option_id)
      ? {
          ...product,
          options: product.options.map((option) =>
            option.option_id === next.option_id ? { ...option, sold_out: next.sold_out } : option,
          ),
        }
      : product,
  );

/** "Sin aguacate hoy" (decision 050): the switch moves at once; a refusal puts it back. */
export function useSetOptionAvailability(branchId: number) {
  const queryClient = useQueryClient();
  const key = branchProductsQueryKey(branchId);
  return useMutation({
    mutationFn: ({ optionId, soldOut }: { optionId: number; soldOut: boolean }) =>
      setOptionAvailability(branchId, optionId, soldOut),
    onMutate: ({ optionId, soldOut }) => {
      const before = queryClient.getQueryData<BranchProduct[]>(key);
      queryClient.setQueryData<BranchProduct[]>(key, (products) =>
        replace(products, { option_id: optionId, sold_out: soldOut }),
      );
      return { before };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (option) =>
      queryClient.setQueryData<BranchProduct[]>(key, (products) => replace(products, option)),
  });
}
