import {
  CHECKOUT_MESSAGES,
  CONSOLE_MESSAGES,
  contract,
  ORDER_STATUS_TEXT,
  type PlacedOrder,
} from '@comanda/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessDay } from '../../lib/business-day';
import { HttpError, notFound } from '../../lib/http-error';
import { route, type RouteApp } from '../../lib/route';
import { actorOf, signedInUser } from '../../lib/request-user';
import { adminWriteOf } from '../../lib/admin-write';
import { autoAcceptOf, setAutoAccept } from './auto-accept/settings';
import { setCapacity } from './schedule/capacity';

const ORDER_NOT_FOUND = 'No encontramos ese pedido.';
/** `before` names an order that is not in the customer's history (a client only ever sends a `next`). */
const UNKNOWN_CURSOR = 'El pedido de referencia no está en tu historial.';

/**
 * An order's step in the log (info), on the request's logger: its `reqId` (the proxy's
 * X-Request-Id when trusted, lib/request-id.ts) ties the step to the proxy's log, and the order's
 * id to its placement's line (placement/confirm-cart.ts).
 */
function logStep(request: FastifyRequest, order: PlacedOrder) {
  request.log.info(
    { order_id: order.id, branch_id: order.branch_office.id, status: order.status },
    'order status changed',
  );
}

/** A customer's own orders: the history, one order, what a re-order keeps, cancelling a scheduled one. */
function customerOrderRoutes(app: RouteApp) {
  route(app, contract.getCartHistory, {}, async (request) => {
    const { page, per_page, before } = request.query;
    const history = await app.orders.history(signedInUser(request).id, page, per_page, before);
    if (!history)
      throw new HttpError(400, UNKNOWN_CURSOR, { errors: { before: [UNKNOWN_CURSOR] } });
    return history;
  });

  route(app, contract.getOrder, {}, async (request) => {
    const order = await app.orders.get(signedInUser(request), request.params.id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { results: order };
  });

  route(app, contract.getReorder, {}, async (request) => {
    const kept = await app.orders.reorder(
      signedInUser(request).id,
      request.params.id,
      request.query.branch_id,
    );
    if (kept === null) throw notFound(ORDER_NOT_FOUND);
    if (kept === 'branch') throw notFound(CHECKOUT_MESSAGES.branchUnknown);
    return { results: kept };
  });

  route(app, contract.cancelOrder, {}, async (request) => {
    const result = await app.orders.cancel(signedInUser(request).id, request.params.id);
    if ('order' in result) {
      logStep(request, result.order);
      return { results: result.order };
    }
    if (result.error === 'not_found') throw notFound(ORDER_NOT_FOUND);
    throw new HttpError(409, result.error);
  });
}

/** The console's: moving an order to a status, and a branch's board and day list. */
function staffOrderRoutes(app: RouteApp) {
  route(
    app,
    contract.changeOrderStatus,
    { branch: (request) => app.orders.branchOf(request.params.id), notFound: ORDER_NOT_FOUND },
    async (request) => {
      const { id: actorId, email } = signedInUser(request);
      const result = await app.orders.changeStatus(request.params.id, request.body, {
        id: actorId,
        email,
      });
      if ('error' in result) {
        if (result.error === 'not_found') throw notFound(ORDER_NOT_FOUND);
        const message = `Un pedido ${ORDER_STATUS_TEXT[result.from].toLowerCase()} no puede pasar a ${ORDER_STATUS_TEXT[request.body.status].toLowerCase()}.`;
        throw new HttpError(400, message, { errors: { status: [message] } });
      }
      logStep(request, result.order);
      return { results: result.order };
    },
  );

  route(
    app,
    contract.getStaffOrders,
    {
      branch: async ({ query: { branch_id } }) =>
        (await app.catalog.branchExists(branch_id)) ? branch_id : null,
      notFound: CONSOLE_MESSAGES.branchNotFound,
    },
    async (request) => ({ results: await app.orders.openForBranch(request.query.branch_id) }),
  );

  route(
    app,
    contract.getSuggestedPrepMinutes,
    {
      branch: async ({ params: { id } }) => ((await app.catalog.branchExists(id)) ? id : null),
      notFound: CONSOLE_MESSAGES.branchNotFound,
    },
    async (request) => {
      const minutes = await app.orders.suggestedMinutes(request.params.id, request.query.orders);
      if (minutes === undefined) throw notFound(CONSOLE_MESSAGES.branchNotFound);
      return { results: { minutes } };
    },
  );
}

/** A branch's slots (anyone) and its slot capacity (admins). */
function slotRoutes(app: RouteApp) {
  route(app, contract.getBranchSlots, {}, async (request) => {
    const day = businessDay(request.query.date, app.clock);
    const slots = await app.orders.slots(request.params.id, day);
    if (!slots) throw notFound(CHECKOUT_MESSAGES.branchUnknown);
    return slots;
  });

  const write = adminWriteOf(app);
  route(app, contract.setBranchCapacity, {}, async (request) =>
    setCapacity(
      { write, branch: (id) => app.adminBranches.get(id) },
      actorOf(request),
      request.params.id,
      request.body,
    ),
  );
}

/** What a branch accepts by itself (admins). */
function autoAcceptRoutes(app: RouteApp) {
  const deps = { write: adminWriteOf(app), db: app.db };
  route(app, contract.getAutoAccept, {}, async (request) => ({
    results: await autoAcceptOf(app.db, request.params.id),
  }));
  route(app, contract.setAutoAccept, {}, async (request) => ({
    results: await setAutoAccept(deps, actorOf(request), request.params.id, request.body),
  }));
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  customerOrderRoutes(app);
  staffOrderRoutes(app);
  slotRoutes(app);
  autoAcceptRoutes(app);
};
