import { contract } from '@comanda/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { actorOf } from '../../lib/request-user';

/** `/api/admin/staff`: Personal, the chain's staff and admin accounts (admins only). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.getStaff, {}, async () => ({
    results: await app.staff.list(),
  }));

  route(app, contract.createStaff, {}, async (request) => ({
    results: await app.staff.create(request.body, actorOf(request)),
  }));

  route(app, contract.updateStaff, {}, async (request) => ({
    results: await app.staff.update(request.params.id, request.body, actorOf(request)),
  }));

  route(app, contract.resetStaffPassword, {}, async (request) => ({
    results: await app.staff.resetPassword(request.params.id, request.body, actorOf(request)),
  }));

  route(app, contract.resetStaffSecondFactor, {}, async (request) => ({
    results: await app.staff.resetSecondFactor(request.params.id, actorOf(request)),
  }));

  route(app, contract.deactivateStaff, {}, async (request) => ({
    results: await app.staff.deactivate(request.params.id, actorOf(request)),
  }));

  route(app, contract.activateStaff, {}, async (request) => ({
    results: await app.staff.activate(request.params.id, actorOf(request)),
  }));
};
