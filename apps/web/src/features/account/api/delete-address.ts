import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addressesQueryOptions } from './get-addresses';

/** DELETE /api/addresses/{id} → `{ status: true }`. */
export function deleteAddress(id: number): Promise<{ status: boolean }> {
  return api.delete<{ status: boolean }>(`/api/addresses/${id}`);
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
