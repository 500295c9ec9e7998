import { endpoints, type Shift } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/** GET /api/staff/branches/{id}/shifts?date → the couriers' shifts of a day and their money. */
export async function getBranchShifts(
  branchId: number,
  date: string,
  signal?: AbortSignal,
): Promise<Shift[]> {
  const body = await panelCall(endpoints.getBranchShifts, {
    params: { id: branchId },
    query: { date },
    signal,
  });
  return body.results;
}

export const branchShiftsQueryKey = (branchId: number) => [PANEL_KEY, 'shifts', branchId] as const;

export const branchShiftsQueryOptions = (branchId: number, date: string) =>
  queryOptions({
    queryKey: [...branchShiftsQueryKey(branchId), date] as const,
    queryFn: ({ signal }) => getBranchShifts(branchId, date, signal),
    staleTime: 10_000,
  });

export function useBranchShifts(branchId: number, date: string) {
  return useQuery(branchShiftsQueryOptions(branchId, date));
}
