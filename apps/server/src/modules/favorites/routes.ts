import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favorites = app.favorites;

  route(app, contract.getFavorites, {}, async (request) => ({
    results: await favorites.list(signedInUser(request).id),
  }));

  route(app, contract.toggleFavorite, {}, async (request) => ({
    status: true,
    favorite: await favorites.toggle(signedInUser(request).id, request.params.id),
  }));
};
