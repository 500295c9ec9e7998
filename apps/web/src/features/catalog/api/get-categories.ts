import { endpoints, type Category } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/category-client → `{ results: Category[] }` (product.md «Wire contract»). */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await call(endpoints.getCategories, { signal });
  return body.results;
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
