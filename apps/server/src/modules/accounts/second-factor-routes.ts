import { contract } from '@comanda/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf, signedInUser } from '../../lib/request-user';

// Secrets, recovery codes and login tokens are nobody's cache's business.
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The console's two-step login and the second factor's enrolment (decision 044). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.loginStaff, {}, async (request, reply) => {
    noStore(reply);
    return app.accounts.loginStaff(request.body, app.accounts.loginClient(request, reply));
  });

  route(app, contract.loginSecondFactor, {}, async (request, reply) => {
    noStore(reply);
    return app.accounts.loginSecondFactor(request.body, app.accounts.loginClient(request, reply));
  });

  // Enrolment is open to a session that has not passed the factor (that is its point): these
  // routes are the account's own, not staff powers, so they ask for a session and nothing more.
  route(app, contract.getSecondFactor, {}, async (request, reply) => {
    noStore(reply);
    return app.secondFactor.status(signedInUser(request));
  });

  route(app, contract.setupSecondFactor, {}, async (request, reply) => {
    noStore(reply);
    return app.secondFactor.setup(signedInUser(request));
  });

  route(app, contract.confirmSecondFactor, {}, async (request, reply) => {
    noStore(reply);
    return app.secondFactor.confirm(signedInUser(request), request.body.code);
  });

  route(app, contract.disableSecondFactor, {}, async (request, reply) => {
    noStore(reply);
    await app.secondFactor.disable(signedInUser(request), request.body.code);
    return { status: true };
  });

  route(app, contract.getSecuritySettings, {}, async (_request, reply) => {
    noStore(reply);
    return app.secondFactor.settings();
  });

  route(app, contract.updateSecuritySettings, {}, async (request) =>
    app.secondFactor.updateSettings(actorOf(request), request.body),
  );
};
