import {
  errorMessageSchema,
  favoriteListResponse,
  favoriteToggleResponse,
  fieldErrorsSchema,
  idParams,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../lib/request-user';

const tags = ['Favoritos'];
const security = [{ bearerAuth: [] }];

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favorites = app.favorites;

  app.get(
    '/favorites',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Los productos favoritos del usuario', response: { 200: favoriteListResponse, 401: errorMessageSchema } },
    },
    async (request) => ({ results: await favorites.list(signedInUser(request).id) }),
  );

  app.put(
    '/favorites/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Marca o desmarca un producto como favorito (el cuerpo, si llega, se ignora)',
        params: idParams,
        response: { 200: favoriteToggleResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request) => ({ status: true, favorite: await favorites.toggle(signedInUser(request).id, request.params.id) }),
  );
};
