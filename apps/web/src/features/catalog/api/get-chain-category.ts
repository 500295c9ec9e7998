import { endpoints, type ChainCategory } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/menu/category/{slug} → `{ results: the category as the chain offers it }`, before a branch is chosen. */
export async function getChainCategory(slug: string, signal?: AbortSignal): Promise<ChainCategory> {
  const body = await call(endpoints.getChainCategory, {
    params: { slug: encodeURIComponent(slug) },
    signal,
  });
  return body.results;
}

export const chainCategoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['category', slug, 'chain'],
    queryFn: ({ signal }) => getChainCategory(slug, signal),
  });

/** Only while no branch is chosen (`enabled`): with one, the branch's own answer is read. */
export function useChainCategory(slug: string, enabled: boolean) {
  return useQuery({ ...chainCategoryQueryOptions(slug), enabled });
}
