import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CACHE_CONTROL as CACHE_CONTROL, sendCached } from '../../lib/response-cache';
import { route } from '../../lib/route';

// Served already compressed from the cache, like the catalogue (catalog/routes.ts).
const compress = false;
const decompress = false;

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both routes answer through sendCached: a matching If-None-Match gets 304 (documented).
  app.addHook('onRoute', (options) => {
    options.config = { ...options.config, conditionalGet: true };
  });

  route(app, contract.getNeighbourhoods, { compress, decompress }, async (request, reply) =>
    sendCached(request, reply, await app.delivery.neighbourhoods(), CACHE_CONTROL),
  );

  route(app, contract.getCoverage, { compress, decompress }, async (request, reply) =>
    sendCached(
      request,
      reply,
      await app.delivery.coverage(request.query.neighbourhood),
      CACHE_CONTROL,
    ),
  );
};
