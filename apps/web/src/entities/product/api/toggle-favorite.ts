import { endpoints, type AnswerOf, type Product } from '@comanda/shared';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What PUT /api/favorites/{id} answers: whether the product is a favourite after the call. */
export type FavoriteToggle = AnswerOf<typeof endpoints.toggleFavorite>;

/**
 * PUT /api/favorites/{id} with the product (a product page's or a favourites-list entry) →
 * `{ status, favorite }`: adds the favourite, or removes it.
 */
export function toggleFavorite(product: Pick<Product, 'id'>): Promise<FavoriteToggle> {
  return call(endpoints.toggleFavorite, { params: { id: product.id }, body: product });
}

export const toggleFavoriteMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['favorites', 'toggle'],
    mutationFn: toggleFavorite,
    // Hearts and the favourites list show the server's word, never a guess: the mutation stays
    // pending until the products (whose `favorite` field says it) and the list are read again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all }),
      ]),
  });

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation(toggleFavoriteMutationOptions(queryClient));
}
