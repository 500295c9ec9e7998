import { MESSAGES, type Product, endpoints } from '@comanda/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/products/{slug}/{branchId} → `{ results: the product at that branch }`. */
export async function getProduct(
  slug: string,
  branchId: number,
  signal?: AbortSignal,
): Promise<Product> {
  const body = await call(endpoints.getProduct, {
    params: { slug: encodeURIComponent(slug), branchId },
    signal,
  });
  return body.results;
}

/**
 * The same request asked as "does this branch sell it?": a product 404 is an answer (null), not
 * a failure. A missing branch still fails: it is one thing to show, not N products not sold.
 */
export async function getProductIfSold(
  slug: string,
  branchId: number,
  signal?: AbortSignal,
): Promise<Product | null> {
  try {
    return await getProduct(slug, branchId, signal);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      error.message !== MESSAGES.branchNotFound
    )
      return null;
    throw error;
  }
}

export const productQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    queryKey: queryKeys.products.detail(slug, branchId),
    queryFn: ({ signal }) => getProduct(slug, branchId, signal),
  });

export const productIfSoldQueryOptions = (slug: string, branchId: number) =>
  queryOptions({
    queryKey: queryKeys.products.ifSold(slug, branchId),
    queryFn: ({ signal }) => getProductIfSold(slug, branchId, signal),
    // Read in batches (a whole cart, a whole order) whose own query or mutation decides on
    // retrying; retrying each product too would multiply the wait.
    retry: false,
  });

/** `branchId` undefined (no branch chosen yet): nothing is fetched. */
export function useProduct(slug: string, branchId: number | undefined) {
  return useQuery({
    ...productQueryOptions(slug, branchId ?? 0),
    enabled: branchId !== undefined,
  });
}

/**
 * Every product of `slugs` at `branchId` (slug → product, null = not sold there): one request
 * per distinct product, each cached on its own. `staleTime: 0` asks again even for a product
 * read a moment ago (today's prices and stock).
 */
export async function fetchProductsIfSold(
  queryClient: QueryClient,
  slugs: readonly string[],
  branchId: number,
  { staleTime }: { staleTime?: number } = {},
): Promise<Map<string, Product | null>> {
  const products = await Promise.all(
    slugs.map((slug) =>
      queryClient.fetchQuery({
        ...productIfSoldQueryOptions(slug, branchId),
        ...(staleTime === undefined ? {} : { staleTime }),
      }),
    ),
  );
  return new Map(slugs.map((slug, index) => [slug, products[index] ?? null]));
}
