import {
  SESSION_MESSAGES,
  endSessionsResponse,
  errorMessageSchema,
  fieldErrorsSchema,
  sessionIdParams,
  sessionListResponse,
  statusResponse,
} from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { signedInUser } from '../../lib/request-user';

const tags = ['Cuenta'];
const security = [{ bearerAuth: [] }];
// Who is logged in where is nobody's cache's business.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The caller's sessions: see them, end one, end all but this one. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Las sesiones abiertas de la cuenta; `current` marca la de este token',
        response: { 200: sessionListResponse, 401: errorMessageSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { results: await app.accounts.listSessions(signedInUser(request)) };
    },
  );

  app.delete(
    '/sessions/others',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Cierra las demás sesiones: todas menos la de este token (sus conexiones en vivo se cierran)',
        response: { 200: endSessionsResponse, 401: errorMessageSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { status: true, ended: await app.accounts.endOtherSessions(signedInUser(request)) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Cierra una sesión de la cuenta (la actual también)',
        params: sessionIdParams,
        response: { 200: statusResponse, 400: fieldErrorsSchema, 401: errorMessageSchema, 404: errorMessageSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!(await app.accounts.endSession(signedInUser(request), request.params.id))) throw notFound(SESSION_MESSAGES.notFound);
      return { status: true };
    },
  );
};
