import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey, panelCall } from '@/lib/panel-api';

/**
 * What a rule can name: the menu's categories and products and the chain's branches, by id and
 * title (GET /api/admin/categories, /api/admin/products, /api/admin/branches), read together.
 */
export async function getPromotionChoices(signal?: AbortSignal) {
  const [categories, products, branches] = await Promise.all([
    panelCall(endpoints.getAdminCategories, { signal }),
    panelCall(endpoints.getAdminProducts, { query: {}, signal }),
    panelCall(endpoints.getAdminBranches, { signal }),
  ]);
  const named = (list: readonly { id: number; title: string }[]) =>
    list.map(({ id, title }) => ({ id, title }));
  return {
    categories: named(categories.results),
    products: products.results.map(({ id, title, category_id }) => ({ id, title, category_id })),
    branches: named(branches.results),
  };
}

export type PromotionChoices = Awaited<ReturnType<typeof getPromotionChoices>>;

export const promotionChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('promotion-choices'),
    queryFn: ({ signal }) => getPromotionChoices(signal),
  });

export function usePromotionChoices() {
  return useQuery(promotionChoicesQueryOptions());
}
