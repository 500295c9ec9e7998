import { ACCOUNT_MESSAGES } from '@comanda/shared';
import type { DbExecutor } from '../../db/types';
import { bind } from '../../lib/bind';
import { nowDate, type Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { flipFavorite, isFavorite, listFavorites, productExists } from './repository';

// A user's favourite products: plain functions of what they read, bound by createFavoritesService
// (decision 065).

/** What the favourites are given: the database, and the clock that stamps a new one. */
export interface FavoritesDeps {
  db: DbExecutor;
  clock: Clock;
}

/** Marks or unmarks a product; answers whether it is a favourite afterwards. */
export async function toggleFavorite(
  { db, clock }: FavoritesDeps,
  userId: number,
  productId: number,
): Promise<boolean> {
  if (!(await productExists(db, productId))) throw notFound(ACCOUNT_MESSAGES.productNotFound);
  return flipFavorite(db, userId, productId, nowDate(clock).toISOString());
}

/** A user's favourite products, as app.favorites. */
export function createFavoritesService(deps: FavoritesDeps) {
  return {
    list: bind(deps.db, listFavorites),
    isFavorite: bind(deps.db, isFavorite),
    toggle: bind(deps, toggleFavorite),
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
