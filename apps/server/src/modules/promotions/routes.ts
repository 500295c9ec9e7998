import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/promotions` for the storefront, `/api/admin/promotions` for the back office (admins only). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const promotions = app.promotions;
  route(app, contract.getPromotions, {}, async (request) => ({
    results: await promotions.inForce(request.query, request.user?.id ?? null),
  }));
  route(app, contract.getAdminPromotions, {}, async () => ({ results: await promotions.list() }));
  route(app, contract.createPromotion, {}, async (request, reply) =>
    reply.code(201).send({ results: await promotions.create(actorOf(request), request.body) }),
  );
  route(app, contract.updatePromotion, {}, async (request) => ({
    results: await promotions.update(actorOf(request), request.params.id, request.body),
  }));
  route(app, contract.removePromotion, {}, async (request) => ({
    results: await promotions.remove(actorOf(request), request.params.id),
  }));
};
