import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';

/** The change log is read-only through the API: no route updates or deletes a row. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getAudit, {}, async (request) => app.audit.list(request.query));
};
