import { endpoints, type CategoryWithProducts } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/category/{slug}/{branchId} → `{ results: category with its products at that branch }` (product.md «Wire contract»). */
export async function getCategory(
  slug: string,
  branchId: number,
  signal?: AbortSignal,
): Promise<CategoryWithProducts> {
  const body = await call(endpoints.getCategory, {
    params: { slug: encodeURIComponent(slug), branchId },
    signal,
  });
  return body.results;
}

// Prices and availability are per branch: the branch is part of the key, so switching branch
// shows that branch's menu instead of a cached one.
export const categoryQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    queryKey: ['category', slug, branchId],
    queryFn: ({ signal }) => getCategory(slug, branchId, signal),
  });

/** `branchId` undefined (no branch chosen yet): nothing is fetched. */
export function useCategory(slug: string, branchId: number | undefined) {
  return useQuery({
    ...categoryQueryOptions(slug, branchId ?? 0),
    enabled: branchId !== undefined,
  });
}
