import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressBook;
  app.addHook('preHandler', app.requireUser);

  route(
    app,
    contract.getAddresses,
    {},
    async (request) => ({ results: await addresses.list(request.user!.id) }),
  );

  route(
    app,
    contract.createAddress,
    {},
    async (request, reply) => {
      return reply.code(201).send({ results: await addresses.create(request.user!.id, request.body) });
    },
  );

  route(
    app,
    contract.updateAddress,
    {},
    async (request) => ({ results: await addresses.update(request.user!.id, request.params.id, request.body) }),
  );

  route(
    app,
    contract.deleteAddress,
    {},
    async (request) => {
      await addresses.remove(request.user!.id, request.params.id);
      return { status: true };
    },
  );
};
