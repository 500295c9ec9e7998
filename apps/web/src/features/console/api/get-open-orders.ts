import { endpoints, type PlacedOrder } from '@comanda/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';
import { withOrder } from '../lib/board';
import { noteHeardOrder, readReplayingHeard } from '../lib/heard-orders';

/** GET /api/staff/orders?branch_id&scope=open → the board: every open order, oldest first. */
export async function getOpenOrders(
  branchId: number,
  signal?: AbortSignal,
): Promise<PlacedOrder[]> {
  const body = await panelCall(endpoints.getStaffOrders, {
    query: { branch_id: branchId, scope: 'open' },
    signal,
  });
  return body.results;
}

export const openOrdersQueryKey = (branchId: number) =>
  [PANEL_KEY, 'open-orders', branchId] as const;

export const openOrdersQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: openOrdersQueryKey(branchId),
    // Events heard while the read is on the wire are applied to its answer (lib/heard-orders).
    queryFn: ({ signal }) => readReplayingHeard(branchId, () => getOpenOrders(branchId, signal)),
    // Events keep it current; a reconnection or a wake re-reads it (use-panel-realtime). The
    // periodic read is a last guard against a connection that looks alive and is not.
    staleTime: 15_000,
    refetchInterval: 30_000,
    refetchIntervalInBackground: true,
  });

export function useOpenOrders(branchId: number) {
  return useQuery(openOrdersQueryOptions(branchId));
}

/**
 * An order the board heard of (an event, or the server's answer to this screen's own change):
 * put on the cached board, and noted for a read of the board already on the wire, whose older
 * answer would otherwise undo it (lib/heard-orders).
 */
export function putOnBoard(queryClient: QueryClient, branchId: number, order: PlacedOrder): void {
  noteHeardOrder(order);
  queryClient.setQueryData<PlacedOrder[]>(openOrdersQueryKey(branchId), (orders) =>
    orders ? withOrder(orders, order) : orders,
  );
}
