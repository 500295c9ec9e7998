import { MESSAGES, type Product } from '@comanda/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * GET /api/products/{slug}/{branchId} → `{ results: Product }` (spec §7), read to rebuild a past
 * order's line at the current branch. A product 404 is an answer (the branch does not sell it:
 * null); a missing branch is a failure to show.
 */
export async function getReorderProduct(slug: string, branchId: number, signal?: AbortSignal): Promise<Product | null> {
  try {
    const body = await api.get<{ results: Product }>(`/api/products/${encodeURIComponent(slug)}/${branchId}`, { signal });
    return body.results;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.message !== MESSAGES.branchNotFound) return null;
    throw error;
  }
}

export const reorderProductQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    // Own key: this fetcher maps a 404 to null, unlike the product page's.
    queryKey: ['reorder', 'product', slug, branchId],
    queryFn: ({ signal }) => getReorderProduct(slug, branchId, signal),
    // Re-ordering must use today's prices and stock, never a copy from minutes ago.
    staleTime: 0,
    retry: false,
  });
