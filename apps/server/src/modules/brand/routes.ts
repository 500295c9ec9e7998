import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** The back office's Marca: admins only (decision 046). */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize({ roles: ['admin'] });
  route(app, contract.getBrandSettings, { preHandler: admin }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.brand.current();
  });
  route(app, contract.updateBrandSettings, { preHandler: admin }, async (request) =>
    app.brand.update(actorOf(request), request.body),
  );
};
