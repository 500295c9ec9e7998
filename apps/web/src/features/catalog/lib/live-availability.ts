import type { CategoryWithProducts, Product } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';
import { categoryQueryOptions } from '../api/get-category';
import { productQueryOptions } from '../api/get-product';

/** `availability` (to every storefront socket): a product sold out, or back, at a branch. */
export interface AvailabilityChange {
  branch_id: number;
  product_id: number;
  sold_out: boolean;
}

export const isAvailabilityChange = (value: unknown): value is AvailabilityChange =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AvailabilityChange).branch_id === 'number' &&
  typeof (value as AvailabilityChange).product_id === 'number' &&
  typeof (value as AvailabilityChange).sold_out === 'boolean';

/**
 * A category as it reads after the change. A product the branch does not sell at all stays
 * "not offered": a sold-out switch coming back does not put it on that branch's menu.
 */
export function withAvailability(category: CategoryWithProducts, change: AvailabilityChange): CategoryWithProducts {
  if (!category.products.some((product) => product.id === change.product_id && product.unavailable_reason !== 'not_offered')) {
    return category;
  }
  return {
    ...category,
    products: category.products.map((product) =>
      product.id === change.product_id && product.unavailable_reason !== 'not_offered'
        ? { ...product, available: !change.sold_out, unavailable_reason: change.sold_out ? 'sold_out' : null }
        : product,
    ),
  };
}

type Scope = { branchId?: number; productId?: number };

const inScope = (queryKey: readonly unknown[], kind: string, { branchId }: Scope) =>
  queryKey[0] === kind && (branchId === undefined || queryKey[2] === branchId);

/**
 * Reads the cached category and product answers again (of one branch, or all), past the
 * browser's HTTP cache: the server lets the browser reuse an answer for a while, and after a
 * live event that copy is exactly the one that is wrong. Only what was cached is re-read.
 */
export function refreshCatalog(queryClient: QueryClient, scope: Scope = {}): void {
  for (const query of queryClient.getQueryCache().findAll({ predicate: ({ queryKey }) => inScope(queryKey, 'category', scope) })) {
    const [, slug, branchId] = query.queryKey as [string, string, number];
    void queryClient.fetchQuery({ ...categoryQueryOptions(slug, branchId, 'no-cache'), staleTime: 0 }).catch(() => undefined);
  }
  const products = queryClient.getQueryCache().findAll({
    predicate: ({ queryKey, state }) =>
      inScope(queryKey, 'product', scope) && (scope.productId === undefined || (state.data as Product | undefined)?.id === scope.productId),
  });
  for (const query of products) {
    const [, slug, branchId] = query.queryKey as [string, string, number];
    void queryClient.fetchQuery({ ...productQueryOptions(slug, branchId, 'no-cache'), staleTime: 0 }).catch(() => undefined);
  }
}

/**
 * Shows the change at once on every cached category page of that branch, then reads the
 * catalogue again: the event is a hint, the API's answer is the truth.
 */
export function applyAvailability(queryClient: QueryClient, change: AvailabilityChange): void {
  queryClient.setQueriesData<CategoryWithProducts>(
    { predicate: ({ queryKey }) => inScope(queryKey, 'category', { branchId: change.branch_id }) },
    (category) => (category ? withAvailability(category, change) : category),
  );
  refreshCatalog(queryClient, { branchId: change.branch_id, productId: change.product_id });
}
