import type { Product } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/products/{slug}/{branchId} → `{ results: product at that branch }` (spec §7). */
export async function getProduct(
  slug: string,
  branchId: number,
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<Product> {
  const body = await api.get<{ results: Product }>(
    `/api/products/${encodeURIComponent(slug)}/${branchId}`,
    { signal, cache },
  );
  return body.results;
}

/** `cache`: 'no-cache' to re-read past the browser's copy (see get-category). */
export const productQueryOptions = (slug: string, branchId: number, cache?: RequestCache) =>
  queryOptions({
    queryKey: ['product', slug, branchId],
    queryFn: ({ signal }) => getProduct(slug, branchId, signal, cache),
  });

/** `branchId` undefined (no branch chosen yet): nothing is fetched. */
export function useProduct(slug: string, branchId: number | undefined) {
  return useQuery({
    ...productQueryOptions(slug, branchId ?? 0),
    enabled: branchId !== undefined,
  });
}
