import { coverageQuery, coverageResponse, fieldErrorsSchema, neighbourhoodListResponse } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_CONTROL as CACHE_CONTROL, sendCached } from '../../lib/response-cache';

const tags = ['Domicilios'];
// Served already compressed from the cache, like the catalogue (catalog/routes.ts).
const compress = false;
const decompress = false;

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both routes answer through sendCached: a matching If-None-Match gets 304 (documented).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, conditionalGet: true };
  });
  app.get(
    '/delivery/neighbourhoods',
    {
      compress,
      decompress,
      schema: {
        tags,
        summary: 'Los barrios a los que llega alguna sede con domicilio, sin repetir, en orden alfabético',
        response: { 200: neighbourhoodListResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, await app.delivery.neighbourhoods(), CACHE_CONTROL),
  );

  app.get(
    '/delivery/coverage',
    {
      compress,
      decompress,
      schema: {
        tags,
        summary:
          'Las sedes que llegan a un barrio, con su costo de domicilio, pedido mínimo y tiempo estimado: primero las que reciben pedidos, luego el menor costo y el menor tiempo; vacío si ninguna llega',
        querystring: coverageQuery,
        response: { 200: coverageResponse, 400: fieldErrorsSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, await app.delivery.coverage(request.query.neighbourhood), CACHE_CONTROL),
  );
};
