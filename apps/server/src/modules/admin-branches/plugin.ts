import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createAdminBranchesService, type AdminBranchesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminBranches: AdminBranchesService;
  }
}

/** "Sedes" in the back office: branches, their hours, exceptions and delivery zones. */
export const adminBranchesPlugin = fp(
  async (app) => {
    app.decorate('adminBranches', createAdminBranchesService({ write: adminWriteOf(app) }));
  },
  { name: 'admin-branches', dependencies: ['db', 'audit', 'catalog-events'] },
);
