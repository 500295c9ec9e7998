import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { signedInUser } from '../../lib/request-user';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.login, {}, async (request, reply) =>
    app.accounts.login(request.body, app.accounts.loginClient(request, reply)),
  );

  route(app, contract.register, {}, async (request) =>
    app.accounts.register(request.body, request.ip, request.headers['user-agent']),
  );

  route(app, contract.logout, {}, async (request) => {
    await app.accounts.logout(signedInUser(request));
    return { status: true };
  });

  route(app, contract.forgotPassword, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await app.passwordReset.forgot(request.body, request.ip);
    return { status: true };
  });

  route(app, contract.resetPassword, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await app.passwordReset.reset(request.body, request.ip);
    return { status: true };
  });

  route(app, contract.changePassword, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await app.credentialChanges.changePassword(signedInUser(request), request.body, request.ip);
    return { status: true };
  });

  route(app, contract.changeEmail, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await app.credentialChanges.changeEmail(
      signedInUser(request),
      request.body,
      request.ip,
    );
    return { user };
  });

  route(app, contract.getMe, {}, async (request) => ({
    user: app.accounts.publicUser(signedInUser(request)),
  }));
};
