import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/** A branch as a back-office choice lists it. */
export interface BranchChoice {
  id: number;
  title: string;
}

// Not an entity: entities are the storefront's shared code (one lazy chunk every screen loads),
// and this reads through the console's client and session store, which the storefront never
// loads (nor its server render: React's development build came along with them).

/**
 * GET /api/admin/branches → every branch of the chain, hidden ones too, by name: what the back
 * office's forms and filters offer (where an account works, the Historial's and Pagos' «Sede», the second
 * factor's rollout).
 */
export async function getBranchChoices(signal?: AbortSignal): Promise<BranchChoice[]> {
  const { results } = await panelCall(endpoints.getAdminBranches, { signal });
  return results.map(({ id, title }) => ({ id, title }));
}

export const branchChoicesQueryOptions = () =>
  queryOptions({
    // Its own key: the Sedes section keeps the branch resource in another shape.
    queryKey: adminKey('branch-choices'),
    queryFn: ({ signal }) => getBranchChoices(signal),
    staleTime: 60_000,
  });

export const useBranchChoices = () => useQuery(branchChoicesQueryOptions());
