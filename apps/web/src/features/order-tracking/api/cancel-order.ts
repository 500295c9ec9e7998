import { endpoints, type PlacedOrder } from '@comanda/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/orders/{id}/cancel (product.md «Order ahead»): the customer cancels a scheduled order before it fires. */
export async function cancelOrder(id: number): Promise<PlacedOrder> {
  return (await call(endpoints.cancelOrder, { params: { id } })).results;
}

export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(id),
    onSuccess: (order) => queryClient.setQueryData(queryKeys.order(id), order),
  });
}
