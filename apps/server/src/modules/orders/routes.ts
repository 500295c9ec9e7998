import { cartHistoryResponse, errorMessageSchema, fieldErrorsSchema, paginationQuery } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart-history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Pedidos'],
        security: [{ bearerAuth: [] }],
        summary: 'Los pedidos del usuario, del más reciente al más antiguo, paginados',
        querystring: paginationQuery,
        response: { 200: cartHistoryResponse, 400: fieldErrorsSchema, 401: errorMessageSchema },
      },
    },
    async (request) => app.orders.history(request.user!.id, request.query.page, request.query.per_page),
  );
};
