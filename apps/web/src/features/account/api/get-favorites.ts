import { endpoints, type FavoriteProduct } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/favorites → `{ results: FavoriteProduct[] }` (product.md «Wire contract»). */
export async function getFavorites(signal?: AbortSignal): Promise<FavoriteProduct[]> {
  const body = await call(endpoints.getFavorites, { signal });
  return body.results;
}

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.favorites.list,
    queryFn: ({ signal }) => getFavorites(signal),
    // Changed from another screen (the heart) or another device: always ask again on arrival.
    staleTime: 0,
  });

export function useFavorites(enabled = true) {
  return useQuery({ ...favoritesQueryOptions(), enabled });
}
