import { endpoints, type Address } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /api/addresses → `{ results: Address[] }` (the address-list call the original contract does not show). */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const body = await call(endpoints.getAddresses, { signal });
  return body.results;
}

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: ['addresses'],
    queryFn: ({ signal }) => getAddresses(signal),
  });

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}
