import { endpoints, type DayOrder } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/staff/branches/{id}/orders?date&q → one day's orders of the branch (chain clock), any
 * status, newest first, a row each; `q` searches by order number, customer name or phone.
 */
export async function getDayOrders(
  branchId: number,
  date: string,
  q: string,
  signal?: AbortSignal,
): Promise<DayOrder[]> {
  const body = await panelCall(endpoints.getBranchDayOrders, {
    params: { id: branchId },
    query: { date, q },
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
