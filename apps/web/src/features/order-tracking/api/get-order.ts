import { endpoints, type PlacedOrder } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { newerOrder } from '@/lib/newer-order';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/orders/{id} (Bearer) → `{ results: PlacedOrder }`, with its status history. */
export async function getOrder(id: number, signal?: AbortSignal): Promise<PlacedOrder> {
  const body = await call(endpoints.getOrder, { params: { id }, signal });
  return body.results;
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // Status changes arrive over the socket; a reconnection refetches (see use-live-order).
    staleTime: 30_000,
    // A status event heard while a read is on the wire may be newer than the read's answer.
    structuralSharing: (cached, fresh) =>
      newerOrder(cached as PlacedOrder | undefined, fresh as PlacedOrder),
  });

export function useOrder(id: number, enabled = true) {
  return useQuery({ ...orderQueryOptions(id), enabled });
}
