import { auditListResponse, auditQuery, errorMessageSchema, fieldErrorsSchema } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The change log is read-only through the API: no route updates or deletes a row. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      preHandler: app.authorize({ roles: ['admin'] }),
      schema: {
        tags: ['Administración'],
        security: [{ bearerAuth: [] }],
        summary: 'Historial de cambios del panel, del más reciente al más antiguo',
        querystring: auditQuery,
        response: { 200: auditListResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 403: errorMessageSchema },
      },
    },
    async (request) => app.audit.list(request.query),
  );
};
