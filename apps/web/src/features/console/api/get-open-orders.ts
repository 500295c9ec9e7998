import type { PlacedOrder } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelApi } from '@/lib/panel-api';
import { readReplayingHeard } from '../lib/heard-orders';

/** GET /api/staff/orders?branch_id&scope=open → the board: every open order, oldest first. */
export async function getOpenOrders(
  branchId: number,
  signal?: AbortSignal,
): Promise<PlacedOrder[]> {
  const body = await panelApi.get<{ results: PlacedOrder[] }>(
    `/api/staff/orders?branch_id=${branchId}&scope=open`,
    { signal },
  );
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
