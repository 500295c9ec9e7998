import type { Product } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/favorites/{id} with the product → `{ status }` (spec §7): adds or removes a favourite. */
export async function toggleFavorite(product: Product): Promise<{ status: boolean }> {
  return api.put<{ status: boolean }>(`/api/favorites/${product.id}`, product);
}

export const toggleFavoriteMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['favorites', 'toggle'],
    mutationFn: toggleFavorite,
    // The heart shows the server's word, never a guess: the mutation stays pending until the
    // product (whose `favorite` field says it) has been fetched again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['product'] }),
        queryClient.invalidateQueries({ queryKey: ['favorites'] }),
      ]),
  });

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation(toggleFavoriteMutationOptions(queryClient));
}
