import { endpoints, type BranchSummary } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelCall } from '@/lib/panel-api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/staff/branches/{id}/summary?date → the day added up: orders, sales by payment, rejections, time to ready. */
export async function getBranchSummary(
  branchId: number,
  date: string,
  signal?: AbortSignal,
): Promise<BranchSummary> {
  const body = await panelCall(endpoints.getBranchSummary, {
    params: { id: branchId },
    query: { date },
    signal,
  });
  return body.results;
}

export const branchSummaryQueryOptions = (branchId: number, date: string) =>
  queryOptions({
    queryKey: [...queryKeys.panel.summary(branchId), date] as const,
    queryFn: ({ signal }) => getBranchSummary(branchId, date, signal),
    staleTime: 10_000,
  });

export function useBranchSummary(branchId: number, date: string) {
  return useQuery(branchSummaryQueryOptions(branchId, date));
}
