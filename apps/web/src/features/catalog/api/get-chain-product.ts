import { endpoints, type ChainProduct } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/menu/products/{slug} → `{ results: the product as the chain offers it }`, before a branch is chosen. */
export async function getChainProduct(slug: string, signal?: AbortSignal): Promise<ChainProduct> {
  const body = await call(endpoints.getChainProduct, {
    params: { slug: encodeURIComponent(slug) },
    signal,
  });
  return body.results;
}

export const chainProductQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.products.chain(slug),
    queryFn: ({ signal }) => getChainProduct(slug, signal),
  });

/** Only while no branch is chosen (`enabled`): with one, the branch's own answer is read. */
export function useChainProduct(slug: string, enabled: boolean) {
  return useQuery({ ...chainProductQueryOptions(slug), enabled });
}
