import fp from 'fastify-plugin';
import { createFavoritesService, type FavoritesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    favorites: FavoritesService;
  }
}

export const favoritesPlugin = fp(
  async (app) => {
    app.decorate('favorites', createFavoritesService({ db: app.db, clock: app.clock }));
  },
  { name: 'favorites', dependencies: ['db'] },
);
