import { endpoints, type Address, type AddressBody } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { addressesQueryOptions } from './get-addresses';

/** POST /api/addresses {label, address, neighbourhood, city, notes} → `{ results: Address }`. */
export async function createAddress(body: AddressBody): Promise<Address> {
  const answer = await call(endpoints.createAddress, { body });
  return answer.results;
}

export const createAddressMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['addresses', 'create'],
    mutationFn: createAddress,
    // Pending until the list is fresh: the form closes onto a list that already shows it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation(createAddressMutationOptions(queryClient));
}
