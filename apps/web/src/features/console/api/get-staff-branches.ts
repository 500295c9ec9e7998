import { endpoints, type BranchConsole } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PANEL_KEY, panelCall } from '@/lib/panel-api';

/**
 * GET /api/staff/branches → `{ results: BranchConsole[] }`: the branches this account may run,
 * each with its state (pause, rush, usual time, auto print). A customer account gets 403.
 */
export async function getStaffBranches(
  signal?: AbortSignal,
  token?: string,
): Promise<BranchConsole[]> {
  // `token`: right after a login, before the session holds it (an account without access is not kept).
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const body = await panelCall(endpoints.getStaffBranches, { signal, headers });
  return body.results;
}

export const staffBranchesQueryKey = [PANEL_KEY, 'branches'] as const;

export const staffBranchesQueryOptions = () =>
  queryOptions({
    queryKey: staffBranchesQueryKey,
    queryFn: ({ signal }) => getStaffBranches(signal),
    staleTime: 60_000,
    // Opening and closing by the hours is no event anyone sends: a minute's re-read catches it.
    refetchInterval: 60_000,
  });

export function useStaffBranches(enabled: boolean) {
  return useQuery({ ...staffBranchesQueryOptions(), enabled });
}
