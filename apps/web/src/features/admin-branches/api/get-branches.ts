import { endpoints, type AdminBranch } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** GET /api/admin/branches → every branch, hidden ones too, with hours, exceptions and zones. */
export async function getAdminBranches(signal?: AbortSignal): Promise<AdminBranch[]> {
  return (await panelCall(endpoints.getAdminBranches, { signal })).results;
}

// The chain has a handful of branches: the list is read whole and searched on screen.
export const adminBranchesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('branches'),
    queryFn: ({ signal }) => getAdminBranches(signal),
  });

export const useAdminBranches = () => useQuery(adminBranchesQueryOptions());
