import fp from 'fastify-plugin';
import { createFavoritesRepository, type FavoritesRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    favorites: FavoritesRepository;
  }
}

export const favoritesPlugin = fp(
  async (app) => {
    app.decorate('favorites', createFavoritesRepository(app.db));
  },
  { name: 'favorites', dependencies: ['db'] },
);
