import type { Product } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/products/{slug}/{branchId} → `{ results: product at that branch }` (spec §7). */
export async function getProduct(
  slug: string,
  branchId: number,
  signal?: AbortSignal,
): Promise<Product> {
  const body = await api.get<{ results: Product }>(
    `/api/products/${encodeURIComponent(slug)}/${branchId}`,
    {
      signal,
    },
  );
  return body.results;
}

export const productQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    queryKey: ['product', slug, branchId],
    queryFn: ({ signal }) => getProduct(slug, branchId, signal),
  });

/** `branchId` undefined (no branch chosen yet): nothing is fetched. */
export function useProduct(slug: string, branchId: number | undefined) {
  return useQuery({
    ...productQueryOptions(slug, branchId ?? 0),
    enabled: branchId !== undefined,
  });
}
