import { endpoints, type OrderRatingAnswer } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';

/** GET /api/orders/{id}/rating, as the order's branch reads it (the customer's stars and words). */
export const getOrderRating = (id: number, signal?: AbortSignal): Promise<OrderRatingAnswer> =>
  panelCall(endpoints.getOrderRating, { params: { id }, signal });

export const panelOrderRatingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['panel', 'order-rating', id],
    queryFn: ({ signal }) => getOrderRating(id, signal),
  });

/** Asked only once the row's «Ver calificación» is pressed: a day's list would otherwise ask per order. */
export const useOrderRating = (id: number, enabled: boolean) =>
  useQuery({ ...panelOrderRatingQueryOptions(id), enabled });
