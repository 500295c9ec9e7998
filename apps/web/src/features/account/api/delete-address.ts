import { endpoints } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { addressesQueryOptions } from './get-addresses';

/** DELETE /api/addresses/{id} → `{ status: true }`. */
export function deleteAddress(id: number) {
  return call(endpoints.deleteAddress, { params: { id } });
}

export const deleteAddressMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['addresses', 'delete'],
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation(deleteAddressMutationOptions(queryClient));
}
