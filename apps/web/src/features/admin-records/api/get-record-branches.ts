import { endpoints, type Branch } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/branch-office → `{ results }`: the branches, for the Registros filter. */
export async function getRecordBranches(signal?: AbortSignal): Promise<Branch[]> {
  return (await panelCall(endpoints.getBranches, { signal })).results;
}

export const recordBranchesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('record-branches'),
    queryFn: ({ signal }) => getRecordBranches(signal),
    staleTime: 10 * 60_000,
  });

export function useRecordBranches() {
  return useQuery(recordBranchesQueryOptions());
}
