import { endpoints, type PlacedOrder } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/staff/orders?branch_id&scope=day&date&q → one day's orders of the branch (chain
 * clock), any status, newest first; `q` searches by order number, customer name or phone.
 */
export async function getDayOrders(
  branchId: number,
  date: string,
  q: string,
  signal?: AbortSignal,
): Promise<PlacedOrder[]> {
  const body = await panelCall(endpoints.getStaffOrders, {
    query: { branch_id: branchId, scope: 'day', date, q },
    signal,
  });
  return body.results;
}

export const dayOrdersQueryOptions = (branchId: number, date: string, q: string) =>
  queryOptions({
    queryKey: [...queryKeys.panel.dayOrders(branchId), date, q] as const,
    queryFn: ({ signal }) => getDayOrders(branchId, date, q, signal),
    staleTime: 10_000,
    // Typing a search keeps the last list on screen instead of flashing a skeleton.
    placeholderData: (previous) => previous,
  });

export function useDayOrders(branchId: number, date: string, q: string) {
  return useQuery(dayOrdersQueryOptions(branchId, date, q));
}
