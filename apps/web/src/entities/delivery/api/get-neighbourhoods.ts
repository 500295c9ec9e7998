import { endpoints } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/delivery/neighbourhoods → `{results: [{name}]}`: every neighbourhood some branch delivers to. */
export async function getNeighbourhoods(signal?: AbortSignal): Promise<string[]> {
  const body = await call(endpoints.getNeighbourhoods, { signal });
  return body.results.map((row) => row.name);
}

export const neighbourhoodsQueryOptions = () =>
  queryOptions({
    queryKey: ['delivery-neighbourhoods'],
    queryFn: ({ signal }) => getNeighbourhoods(signal),
    staleTime: 5 * 60_000,
  });

export function useNeighbourhoods(enabled = true) {
  return useQuery({ ...neighbourhoodsQueryOptions(), enabled });
}
