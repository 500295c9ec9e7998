import { CONSOLE_MESSAGES, contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** Finding a customer by phone and placing an order for them, by staff of the path's branch. */
export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const onBranch = {
    branch: async (request: { params: { id: number } }) =>
      (await app.catalog.branchExists(request.params.id)) ? request.params.id : null,
    notFound: CONSOLE_MESSAGES.branchNotFound,
  };

  route(app, contract.findCounterCustomers, onBranch, async (request) => ({
    results: await app.counter.findCustomers(request.query.phone),
  }));

  route(app, contract.placeStaffOrder, onBranch, async (request, reply) => {
    const placed = await app.counter.place(request.params.id, request.body, actorOf(request));
    request.log.info(
      { order_id: placed.order.id, branch_id: request.params.id, channel: placed.order.channel },
      'order placed by staff',
    );
    return reply.code(201).send({ results: placed.order, customer: placed.customer });
  });
};
