import { endpoints, type Branch } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/branch-office → `{ results: Branch[] }` (product.md «Wire contract»). */
export async function getBranches(signal?: AbortSignal): Promise<Branch[]> {
  const body = await call(endpoints.getBranches, { signal });
  return body.results;
}

export const branchesQueryOptions = () =>
  queryOptions({
    queryKey: ['branches'],
    queryFn: ({ signal }) => getBranches(signal),
    staleTime: 5 * 60_000,
  });

export function useBranches() {
  return useQuery(branchesQueryOptions());
}
