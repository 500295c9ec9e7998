import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';

/** `/api/admin/branches…`: the chain's branches with hours, exceptions and delivery zones. Admin only. */
export const adminBranchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize({ roles: ['admin'] });
  const actor = (request: { user?: { id: number; email: string } | null }) => ({ id: request.user!.id, email: request.user!.email });

  route(
    app,
    contract.getAdminBranches,
    { preHandler: admin },
    async (request) => app.adminBranches.list(request.query.q),
  );

  route(
    app,
    contract.getAdminBranch,
    { preHandler: admin },
    async (request) => app.adminBranches.get(request.params.id),
  );

  route(
    app,
    contract.createBranch,
    { preHandler: admin },
    async (request, reply) => reply.code(201).send(await app.adminBranches.create(actor(request), request.body)),
  );

  route(
    app,
    contract.reorderBranches,
    { preHandler: admin },
    async (request) => app.adminBranches.reorder(actor(request), request.body.ids),
  );

  route(
    app,
    contract.updateBranch,
    { preHandler: admin },
    async (request) => app.adminBranches.update(actor(request), request.params.id, request.body),
  );

  route(
    app,
    contract.setBranchVisibility,
    { preHandler: admin },
    async (request) => app.adminBranches.setHidden(actor(request), request.params.id, request.body.hidden),
  );

  route(
    app,
    contract.saveBranchHours,
    { preHandler: admin },
    async (request) => app.adminBranches.replaceHours(actor(request), request.params.id, request.body),
  );

  route(
    app,
    contract.saveBranchExceptions,
    { preHandler: admin },
    async (request) => app.adminBranches.replaceExceptions(actor(request), request.params.id, request.body),
  );

  route(
    app,
    contract.saveBranchZones,
    { preHandler: admin },
    async (request) => app.adminBranches.replaceZones(actor(request), request.params.id, request.body),
  );
};
