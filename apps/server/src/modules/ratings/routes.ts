import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ratings = app.ratings;

  route(app, contract.getOrderRating, {}, async (request) =>
    ratings.of(signedInUser(request), request.params.id),
  );

  route(app, contract.rateOrder, {}, async (request, reply) =>
    reply.code(201).send({
      results: await ratings.rate(signedInUser(request).id, request.params.id, request.body),
    }),
  );

  route(app, contract.getAdminRatings, {}, async () => ratings.admin());
};
