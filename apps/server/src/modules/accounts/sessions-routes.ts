import { contract, SESSION_MESSAGES } from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';
// Who is logged in where is nobody's cache's business.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The caller's sessions: see them, end one, end all but this one. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getSessions, {}, async (request, reply) => {
    noStore(reply);
    return { results: await app.accounts.listSessions(signedInUser(request)) };
  });

  route(app, contract.endOtherSessions, {}, async (request, reply) => {
    noStore(reply);
    return { status: true, ended: await app.accounts.endOtherSessions(signedInUser(request)) };
  });

  route(app, contract.endSession, {}, async (request, reply) => {
    noStore(reply);
    if (!(await app.accounts.endSession(signedInUser(request), request.params.id)))
      throw notFound(SESSION_MESSAGES.notFound);
    return { status: true };
  });
};
