import { endpoints, type PlacedOrder } from '@comanda/shared';
import { useQuery } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';

/**
 * GET /api/staff/branches/{id}/prep-minutes?orders= → the minutes Aceptar offers first for these
 * orders accepted together: the server's queue, by station once the stations are measured
 * (decision 088). Undefined until it answers, and offline: the sheet then offers the queue the
 * board works out itself (prep-minutes.ts `usualMinutesFor`).
 */
export function useSuggestedMinutes(branchId: number, accepting: readonly PlacedOrder[] | null) {
  const ids = (accepting ?? []).map((order) => order.id).sort((a, b) => a - b);
  const query = useQuery({
    queryKey: ['panel', 'prep-minutes', branchId, ids.join(',')] as const,
    queryFn: async ({ signal }) =>
      (
        await panelCall(endpoints.getSuggestedPrepMinutes, {
          params: { id: branchId },
          query: { orders: ids.join(',') },
          signal,
        })
      ).results.minutes,
    enabled: ids.length > 0,
    staleTime: 5_000,
    retry: false,
  });
  return ids.length > 0 ? query.data : undefined;
}
