import {
  CHECKOUT_MESSAGES,
  CONSOLE_MESSAGES,
  ORDER_STATUS_TEXT,
  cartHistoryResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  idParams,
  orderListResponse,
  orderResponse,
  cartHistoryQuery,
  reorderQuery,
  reorderResponse,
  staffOrdersQuery,
  statusChangeBody,
} from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ROLES } from '../../lib/authorization';
import { HttpError, notFound } from '../../lib/http-error';
import { signedInUser } from '../../lib/request-user';

const ORDER_NOT_FOUND = 'No encontramos ese pedido.';
/** `before` names an order that is not in the customer's history (a client only ever sends a `next`). */
const UNKNOWN_CURSOR = 'El pedido de referencia no está en tu historial.';

const tags = ['Pedidos'];
const security = [{ bearerAuth: [] }];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart-history',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Los pedidos del usuario, del más reciente al más antiguo, paginados; `before` (el `next` de la página anterior) sigue desde ese pedido',
        querystring: cartHistoryQuery,
        response: { 200: cartHistoryResponse, 400: fieldErrorsSchema, 401: errorMessageSchema },
      },
    },
    async (request) => {
      const { page, per_page, before } = request.query;
      const history = await app.orders.history(signedInUser(request).id, page, per_page, before);
      if (!history) throw new HttpError(400, UNKNOWN_CURSOR, { errors: { before: [UNKNOWN_CURSOR] } });
      return history;
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Un pedido con su estado e historial, para su dueño, el personal de su sede o un administrador; para cualquier otro, 404 (no revela si existe)',
        params: idParams,
        response: { 200: orderResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request) => {
      const order = await app.orders.get(signedInUser(request), request.params.id);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return { results: order };
    },
  );

  app.get(
    '/orders/:id/reorder',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          '"Volver a pedir": el tipo del pedido y, a domicilio, su dirección guardada si aún existe y la sede (branch_id, o la del pedido) aún llega a ese barrio; si no, el motivo en `problem`. Solo para su dueño',
        params: idParams,
        querystring: reorderQuery,
        response: { 200: reorderResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request) => {
      const kept = await app.orders.reorder(signedInUser(request).id, request.params.id, request.query.branch_id);
      if (kept === null) throw notFound(ORDER_NOT_FOUND);
      if (kept === 'branch') throw notFound(CHECKOUT_MESSAGES.branchUnknown);
      return { results: kept };
    },
  );

  app.post(
    '/staff/orders/:id/status',
    {
      preHandler: app.authorize<{ id: number }>({
        roles: STAFF_ROLES,
        branch: (request) => app.orders.branchOf(request.params.id),
        notFound: ORDER_NOT_FOUND,
      }),
      schema: {
        tags: ['Personal'],
        security,
        summary:
          'Cambia el estado de un pedido (personal de su sede o un administrador; 403 para otra sede); avisa al cliente en tiempo real',
        params: idParams,
        body: statusChangeBody,
        response: { 200: orderResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request) => {
      const { id: actorId, email } = signedInUser(request);
      const result = await app.orders.changeStatus(request.params.id, request.body, { id: actorId, email });
      if ('error' in result) {
        if (result.error === 'not_found') throw notFound(ORDER_NOT_FOUND);
        const message = `Un pedido ${ORDER_STATUS_TEXT[result.from].toLowerCase()} no puede pasar a ${ORDER_STATUS_TEXT[request.body.status].toLowerCase()}.`;
        throw new HttpError(400, message, { errors: { status: [message] } });
      }
      return { results: result.order };
    },
  );

  app.get(
    '/staff/orders',
    {
      preHandler: app.authorize<unknown>({
        roles: STAFF_ROLES,
        branch: async (request) => {
          const { branch_id } = request.query as { branch_id: number };
          return (await app.catalog.branchExists(branch_id)) ? branch_id : null;
        },
        notFound: CONSOLE_MESSAGES.branchNotFound,
      }),
      schema: {
        tags: ['Personal'],
        security,
        summary:
          'Los pedidos de una sede: scope=open los abiertos (recibido a en camino), del más antiguo al más reciente; scope=day los de un día (date=AAAA-MM-DD, hora de Bogotá, por defecto hoy), del más reciente, con búsqueda q por número, nombre o celular',
        querystring: staffOrdersQuery,
        response: { 200: orderListResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request) => {
      const { branch_id, ...query } = request.query;
      return { results: await app.orders.listForBranch(branch_id, query) };
    },
  );
};
