import { endpoints, type NeighbourhoodList } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A neighbourhood some branch delivers to, with its city. */
export type ServedNeighbourhood = NeighbourhoodList['results'][number];

/** GET /api/delivery/neighbourhoods → `{results: [{name, city}]}`: every neighbourhood some branch delivers to. */
export async function getNeighbourhoods(signal?: AbortSignal): Promise<ServedNeighbourhood[]> {
  const body = await call(endpoints.getNeighbourhoods, { signal });
  return body.results;
}

export const neighbourhoodsQueryOptions = () =>
  queryOptions({
    queryKey: ['delivery-neighbourhoods'],
    queryFn: ({ signal }) => getNeighbourhoods(signal),
    staleTime: 5 * 60_000,
  });

const names = (rows: ServedNeighbourhood[]) => rows.map((row) => row.name);

/** Their names: what the visitor's neighbourhood search reads. */
export function useNeighbourhoods(enabled = true) {
  return useQuery({ ...neighbourhoodsQueryOptions(), enabled, select: names });
}

/** With their cities: the address form's `Barrio` groups them by city. */
export function useServedNeighbourhoods(enabled = true) {
  return useQuery({ ...neighbourhoodsQueryOptions(), enabled });
}
