import fp from 'fastify-plugin';
import { createAdminBranchesRepository } from './repository';
import { createAdminBranchesService, type AdminBranchesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminBranches: AdminBranchesService;
  }
}

/** "Sedes" in the back office: branches, their hours, exceptions and delivery zones. */
export const adminBranchesPlugin = fp(
  async (app) => {
    app.decorate(
      'adminBranches',
      createAdminBranchesService({
        transaction: (work) => app.db.transaction().execute(work),
        repository: createAdminBranchesRepository(app.db),
        audit: app.audit,
        publish: (change) => app.catalogEvents.publish(change),
      }),
    );
  },
  { name: 'admin-branches', dependencies: ['db', 'audit', 'catalog-events'] },
);
