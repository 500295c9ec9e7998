import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

export interface InsightBranch {
  id: number;
  title: string;
}

/**
 * GET /api/staff/branches → the branches the account may see: every branch for an admin, their
 * own for staff. The Informes branch choice lists them.
 */
export async function getInsightBranches(signal?: AbortSignal): Promise<InsightBranch[]> {
  const body = await panelCall(endpoints.getStaffBranches, { signal });
  return body.results.map((branch) => ({ id: branch.id, title: branch.title }));
}

export const insightBranchesQueryOptions = () =>
  queryOptions({
    queryKey: [PANEL_KEY, 'insights', 'branches'] as const,
    queryFn: ({ signal }) => getInsightBranches(signal),
    staleTime: 10 * 60_000,
  });

export function useInsightBranches() {
  return useQuery(insightBranchesQueryOptions());
}
