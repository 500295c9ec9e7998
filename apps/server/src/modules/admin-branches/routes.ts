import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/admin/branches…`: the chain's branches with hours, exceptions and delivery zones. Admin only. */
export const adminBranchesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getAdminBranches, {}, async (request) =>
    app.adminBranches.list(request.query.q),
  );

  route(app, contract.getAdminBranch, {}, async (request) =>
    app.adminBranches.get(request.params.id),
  );

  route(app, contract.createBranch, {}, async (request, reply) =>
    reply.code(201).send(await app.adminBranches.create(actorOf(request), request.body)),
  );

  route(app, contract.reorderBranches, {}, async (request) =>
    app.adminBranches.reorder(actorOf(request), request.body.ids),
  );

  route(app, contract.updateBranch, {}, async (request) =>
    app.adminBranches.update(actorOf(request), request.params.id, request.body),
  );

  route(app, contract.setBranchVisibility, {}, async (request) =>
    app.adminBranches.setHidden(actorOf(request), request.params.id, request.body),
  );

  route(app, contract.saveBranchHours, {}, async (request) =>
    app.adminBranches.replaceHours(actorOf(request), request.params.id, request.body),
  );

  route(app, contract.saveBranchExceptions, {}, async (request) =>
    app.adminBranches.replaceExceptions(actorOf(request), request.params.id, request.body),
  );

  route(app, contract.saveBranchZones, {}, async (request) =>
    app.adminBranches.replaceZones(actorOf(request), request.params.id, request.body),
  );
};
