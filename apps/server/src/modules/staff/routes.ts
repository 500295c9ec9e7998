import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/admin/staff`: Personal, the chain's staff and admin accounts (admins only). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.authorize({ roles: ['admin'] });

  route(app, contract.getStaff, { preHandler: admin }, async () => ({
    results: await app.staff.list(),
  }));

  route(app, contract.createStaff, { preHandler: admin }, async (request) => ({
    results: await app.staff.create(request.body, actorOf(request)),
  }));

  route(app, contract.updateStaff, { preHandler: admin }, async (request) => ({
    results: await app.staff.update(request.params.id, request.body, actorOf(request)),
  }));

  route(app, contract.resetStaffPassword, { preHandler: admin }, async (request) => ({
    results: await app.staff.resetPassword(request.params.id, request.body, actorOf(request)),
  }));

  route(app, contract.resetStaffSecondFactor, { preHandler: admin }, async (request) => ({
    results: await app.staff.resetSecondFactor(request.params.id, actorOf(request)),
  }));

  route(app, contract.deactivateStaff, { preHandler: admin }, async (request) => ({
    results: await app.staff.deactivate(request.params.id, actorOf(request)),
  }));

  route(app, contract.activateStaff, { preHandler: admin }, async (request) => ({
    results: await app.staff.activate(request.params.id, actorOf(request)),
  }));
};
