import { endpoints, type OrderRatingAnswer, type OrderRatingBody } from '@comanda/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/orders/{id}/rating: the order's rating (null without one) and whether to offer it. */
export async function getOrderRating(id: number, signal?: AbortSignal): Promise<OrderRatingAnswer> {
  return call(endpoints.getOrderRating, { params: { id }, signal });
}

export const orderRatingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['order-rating', id],
    queryFn: ({ signal }) => getOrderRating(id, signal),
  });

export const useOrderRating = (id: number, enabled: boolean) =>
  useQuery({ ...orderRatingQueryOptions(id), enabled });

/** POST /api/orders/{id}/rating: once per finished order; a refusal (409) reads the rating again. */
export function useRateOrder(id: number) {
  const client = useQueryClient();
  const { queryKey } = orderRatingQueryOptions(id);
  return useMutation({
    mutationFn: async (body: OrderRatingBody) =>
      (await call(endpoints.rateOrder, { params: { id }, body })).results,
    onSuccess: (rating) => client.setQueryData(queryKey, { results: rating, can_rate: false }),
    onError: () => void client.invalidateQueries({ queryKey }),
  });
}
