import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/**
 * GET /api/staff/branches → `{results}`: for an admin, every branch of the chain; the staff
 * form lists them to choose where an account works, and the list names them.
 */
export async function getBranchChoices(
  signal?: AbortSignal,
): Promise<{ id: number; title: string }[]> {
  const body = await panelCall(endpoints.getStaffBranches, { signal });
  return body.results.map(({ id, title }) => ({ id, title }));
}

export const branchChoicesQueryOptions = () =>
  queryOptions({
    // Its own key: the Sedes section's branch resource has another shape.
    queryKey: adminKey('staff-branch-choices'),
    queryFn: ({ signal }) => getBranchChoices(signal),
    staleTime: 60_000,
  });

export function useBranchChoices() {
  return useQuery(branchChoicesQueryOptions());
}
