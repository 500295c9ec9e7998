import type { FavoriteProduct } from '@comanda/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/favorites/{id} with the product (spec §7) → `{ status, favorite }`: toggles the favourite. */
export function toggleFavorite(product: FavoriteProduct): Promise<{ status: boolean; favorite: boolean }> {
  return api.put<{ status: boolean; favorite: boolean }>(`/api/favorites/${product.id}`, product);
}

export const toggleFavoriteMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['favorites', 'toggle'],
    mutationFn: toggleFavorite,
    // The list and any open product (its heart) show the server's word once it has answered.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['favorites'] }),
        queryClient.invalidateQueries({ queryKey: ['product'] }),
      ]),
  });

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation(toggleFavoriteMutationOptions(queryClient));
}
