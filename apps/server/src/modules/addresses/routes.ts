import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.addressBook;

  route(app, contract.getAddresses, {}, async (request) => ({
    results: await addresses.list(signedInUser(request).id),
  }));

  route(app, contract.createAddress, {}, async (request, reply) => {
    return reply
      .code(201)
      .send({ results: await addresses.create(signedInUser(request).id, request.body) });
  });

  route(app, contract.updateAddress, {}, async (request) => ({
    results: await addresses.update(signedInUser(request).id, request.params.id, request.body),
  }));

  route(app, contract.deleteAddress, {}, async (request) => {
    await addresses.remove(signedInUser(request).id, request.params.id);
    return { status: true };
  });
};
