import { ACCOUNT_MESSAGES, type FavoriteProduct } from '@comanda/shared';
import { nowDate, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import type { FavoritesRepository } from './repository';

/** A user's favourite products. */
export function createFavoritesService(repository: FavoritesRepository, clock: Clock) {
  return {
    list: (userId: number): Promise<FavoriteProduct[]> => repository.list(userId),

    isFavorite: (userId: number, productId: number) => repository.isFavorite(userId, productId),

    /** Marks or unmarks a product; answers whether it is a favourite afterwards. */
    async toggle(userId: number, productId: number): Promise<boolean> {
      if (!(await repository.productExists(productId)))
        throw notFound(ACCOUNT_MESSAGES.productNotFound);
      return repository.toggle(userId, productId, nowDate(clock).toISOString());
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
