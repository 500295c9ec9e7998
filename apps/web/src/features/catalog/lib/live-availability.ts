import type { CategoryWithProducts, Product } from '@comanda/shared';
import type { QueryClient } from '@tanstack/react-query';

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
export function withAvailability(
  category: CategoryWithProducts,
  change: AvailabilityChange,
): CategoryWithProducts {
  if (
    !category.products.some(
      (product) => product.id === change.product_id && product.unavailable_reason !== 'not_offered',
    )
  ) {
    return category;
  }
  return {
    ...category,
    products: category.products.map((product) =>
      product.id === change.product_id && product.unavailable_reason !== 'not_offered'
        ? {
            ...product,
            available: !change.sold_out,
            unavailable_reason: change.sold_out ? 'sold_out' : null,
          }
        : product,
    ),
  };
}

const ofBranch = (kind: string, branchId: number) => (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === kind && query.queryKey[2] === branchId;

/**
 * Shows the change at once on every cached category page of that branch, then reads them (and
 * a cached page of that product) again: the event is a hint, the API's answer is the truth.
 */
export function applyAvailability(queryClient: QueryClient, change: AvailabilityChange): void {
  queryClient.setQueriesData<CategoryWithProducts>(
    { predicate: ofBranch('category', change.branch_id) },
    (category) => (category ? withAvailability(category, change) : category),
  );
  void queryClient.invalidateQueries({ predicate: ofBranch('category', change.branch_id) });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      ofBranch('product', change.branch_id)(query) &&
      (query.state.data as Product | undefined)?.id === change.product_id,
  });
}

/** `option-availability`: an option of a product sold out, or back, at a branch (decision 050). */
export interface OptionAvailabilityChange extends AvailabilityChange {
  option_id: number;
}

export const isOptionAvailabilityChange = (value: unknown): value is OptionAvailabilityChange =>
  isAvailabilityChange(value) && typeof (value as OptionAvailabilityChange).option_id === 'number';

/**
 * Reads that product's cached page at that branch again, and the branch's categories: the answer
 * marks the option, may mark the product sold out when a required group has nothing left to
 * choose, and moves its card's "Desde" price when its cheapest size ran out.
 */
export function applyOptionAvailability(
  queryClient: QueryClient,
  change: OptionAvailabilityChange,
): void {
  void queryClient.invalidateQueries({ predicate: ofBranch('category', change.branch_id) });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      ofBranch('product', change.branch_id)(query) &&
      (query.state.data as Product | undefined)?.id === change.product_id,
  });
}
