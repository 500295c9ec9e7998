import { endpoints, type SlotsAnswer } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/branches/{id}/slots?date= (product.md «Order ahead»): a day's slots and whether the branch takes orders now. */
export function getBranchSlots(
  id: number,
  date: string,
  signal?: AbortSignal,
): Promise<SlotsAnswer> {
  return call(endpoints.getBranchSlots, { params: { id }, query: { date }, signal });
}

export const branchSlotsQueryOptions = (id: number, date: string) =>
  queryOptions({
    queryKey: ['branch-slots', id, date],
    queryFn: ({ signal }) => getBranchSlots(id, date, signal),
    // Slots fill while the customer looks: read again every minute and on return to the tab.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useBranchSlots(id: number | undefined, date: string) {
  return useQuery({ ...branchSlotsQueryOptions(id ?? 0, date), enabled: id !== undefined });
}
