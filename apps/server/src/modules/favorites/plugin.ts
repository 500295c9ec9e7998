import fp from 'fastify-plugin';
import { createFavoritesRepository } from './repository';
import { createFavoritesService, type FavoritesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    favorites: FavoritesService;
  }
}

export const favoritesPlugin = fp(
  async (app) => {
    app.decorate('favorites', createFavoritesService(createFavoritesRepository(app.db), app.clock));
  },
  { name: 'favorites', dependencies: ['db'] },
);
