import { endpoints, type Courier } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/staff/branches/{id}/couriers → the branch's couriers, their state and open trip. */
export async function getBranchCouriers(
  branchId: number,
  signal?: AbortSignal,
): Promise<Courier[]> {
  const body = await panelCall(endpoints.getBranchCouriers, { params: { id: branchId }, signal });
  return body.results;
}

export const branchCouriersQueryKey = (branchId: number) =>
  [PANEL_KEY, 'couriers', branchId] as const;

export const branchCouriersQueryOptions = (branchId: number) =>
  queryOptions({
    queryKey: branchCouriersQueryKey(branchId),
    queryFn: ({ signal }) => getBranchCouriers(branchId, signal),
    // `trip` and `couriers` events re-read it (use-panel-realtime); the periodic read is the
    // guard against a missed one, as for the board's orders.
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export function useBranchCouriers(branchId: number) {
  return useQuery(branchCouriersQueryOptions(branchId));
}
