import { contract, DISPATCH_MESSAGES, CONSOLE_MESSAGES } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessDay } from '../../lib/business-day';
import { route, type RouteApp } from '../../lib/route';
import { actorOf, signedInUser } from '../../lib/request-user';

/** The courier acting, with their branches (a shift starts at one of them). */
const actingOf = (request: Parameters<typeof actorOf>[0]) => {
  const user = signedInUser(request);
  return { ...actorOf(request), branch_ids: user.branch_ids };
};

/** The counter: the branch's couriers, its trips, its couriers' shifts (staff of the branch, or an admin). */
function counterRoutes(app: RouteApp) {
  const onBranch = {
    branch: async (request: { params: { id: number } }) =>
      (await app.catalog.branchExists(request.params.id)) ? request.params.id : null,
    notFound: CONSOLE_MESSAGES.branchNotFound,
  };
  route(app, contract.getBranchCouriers, onBranch, async (request) => ({
    results: await app.dispatch.couriers(request.params.id),
  }));
  route(app, contract.getBranchShifts, onBranch, async (request) => ({
    results: await app.dispatch.dayShifts(
      request.params.id,
      businessDay(request.query.date, app.clock),
    ),
  }));
  route(
    app,
    contract.createTrip,
    {
      branch: (request) => app.dispatch.branchOfOrders(request.body.order_ids),
      notFound: DISPATCH_MESSAGES.orderUnknown,
    },
    async (request, reply) => {
      const branchId = (await app.dispatch.branchOfOrders(request.body.order_ids))!;
      const trip = await app.dispatch.createTrip(actorOf(request), branchId, request.body);
      return reply.code(201).send({ results: trip });
    },
  );
  route(
    app,
    contract.updateTrip,
    {
      branch: (request) => app.dispatch.branchOfTrip(request.params.id),
      notFound: DISPATCH_MESSAGES.tripUnknown,
    },
    async (request) => ({
      results: await app.dispatch.updateTrip(actorOf(request), request.params.id, request.body),
    }),
  );
  route(
    app,
    contract.closeShift,
    {
      branch: (request) => app.dispatch.branchOfShift(request.params.id),
      notFound: DISPATCH_MESSAGES.shiftUnknown,
    },
    async (request) => ({
      results: await app.dispatch.closeShift(actorOf(request), request.params.id, request.body),
    }),
  );
}

/** The courier's phone: only their own shift, trip and orders (a courier of the branch, decision 068). */
function courierRoutes(app: RouteApp) {
  route(app, contract.getCurrentTrip, {}, async (request) =>
    app.dispatch.current(actingOf(request)),
  );
  route(app, contract.setShift, {}, async (request) => ({
    results: await app.dispatch.setShift(actingOf(request), request.body),
  }));
  route(app, contract.sendPosition, {}, async (request) => ({
    results: await app.dispatch.position(actorOf(request), request.body),
  }));
  route(
    app,
    contract.departTrip,
    {
      branch: (request) => app.dispatch.branchOfTrip(request.params.id),
      notFound: DISPATCH_MESSAGES.tripUnknown,
    },
    async (request) => ({
      results: await app.dispatch.depart(actorOf(request), request.params.id),
    }),
  );
  const onOrder = {
    branch: (request: { params: { id: number } }) => app.orders.branchOf(request.params.id),
    notFound: DISPATCH_MESSAGES.orderUnknown,
  };
  route(app, contract.markDelivered, onOrder, async (request) => ({
    results: await app.dispatch.delivered(actorOf(request), request.params.id),
  }));
  route(app, contract.markFailed, onOrder, async (request) => ({
    results: await app.dispatch.failed(actorOf(request), request.params.id, request.body.reason),
  }));
}

export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  counterRoutes(app);
  courierRoutes(app);
};
