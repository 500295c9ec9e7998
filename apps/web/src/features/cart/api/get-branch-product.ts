import { MESSAGES, type Product } from '@comanda/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * GET /api/products/{slug}/{branchId} → `{ results: Product }` (spec §7), read to re-check a cart
 * line at a branch. A product 404 is an answer here, not a failure: the branch does not sell it (null).
 */
export async function getBranchProduct(slug: string, branchId: number, signal?: AbortSignal): Promise<Product | null> {
  try {
    const body = await api.get<{ results: Product }>(`/api/products/${encodeURIComponent(slug)}/${branchId}`, {
      signal,
    });
    return body.results;
  } catch (error) {
    // Only the product is missing; a missing branch is a failure to show, not N sold-out lines.
    if (error instanceof ApiError && error.status === 404 && error.message !== MESSAGES.branchNotFound) return null;
    throw error;
  }
}

export const branchProductQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    // Own key: this fetcher maps 404 to null, unlike a product page's.
    queryKey: ['cart-check', 'product', slug, branchId],
    queryFn: ({ signal }) => getBranchProduct(slug, branchId, signal),
    // The query over the whole cart retries; retrying here too would multiply the wait.
    retry: false,
  });

/**
 * Every product of `slugs` at `branchId` (slug → product, null = not sold there), one request per
 * distinct product, each cached on its own. One query over them rather than `useQueries`, whose
 * extra observer would otherwise be split out of the shared chunks into the first load.
 */
export function useBranchProducts(slugs: readonly string[], branchId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['cart-check', 'products', branchId, slugs],
    queryFn: async () => {
      const products = await Promise.all(
        slugs.map((slug) => queryClient.fetchQuery(branchProductQueryOptions(slug, branchId))),
      );
      return new Map(slugs.map((slug, index) => [slug, products[index] ?? null]));
    },
  });
}
