import { endpoints, type Address, type AddressBody } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { addressesQueryOptions } from './get-addresses';

/** PUT /api/addresses/{id} with the whole address → `{ results: Address }`. */
export async function updateAddress({
  id,
  body,
}: {
  id: number;
  body: AddressBody;
}): Promise<Address> {
  const answer = await call(endpoints.updateAddress, { params: { id }, body });
  return answer.results;
}

export const updateAddressMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['addresses', 'update'],
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation(updateAddressMutationOptions(queryClient));
}
