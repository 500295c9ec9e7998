import { endpoints, type Banner } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/banner → `{ results: Banner[] }` (product.md «Wire contract»). */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  const body = await call(endpoints.getBanners, { signal });
  return body.results;
}

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: 5 * 60_000,
  });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
