import type { Address } from '@comanda/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/addresses → `{ results: Address[] }` (the address-list call the original contract does not show). */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const body = await api.get<{ results: Address[] }>('/api/addresses', { signal });
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
