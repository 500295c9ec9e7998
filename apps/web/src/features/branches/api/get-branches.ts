import type { Branch } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/branch-office → `{ results: Branch[] }` (spec §7). */
export async function getBranches(signal?: AbortSignal, cache?: RequestCache): Promise<Branch[]> {
  const body = await api.get<{ results: Branch[] }>('/api/branch-office', { signal, cache });
  return body.results;
}

/** `cache`: 'no-cache' to re-read past the browser's copy, after a reconnection. */
export const branchesQueryOptions = (cache?: RequestCache) =>
  queryOptions({
    queryKey: ['branches'],
    queryFn: ({ signal }) => getBranches(signal, cache),
    staleTime: 5 * 60_000,
  });

export function useBranches() {
  return useQuery(branchesQueryOptions());
}
