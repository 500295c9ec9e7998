import fp from 'fastify-plugin';
import { createAdminContentRepository } from './repository';
import { createAdminContentService, type AdminContentService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminContent: AdminContentService;
  }
}

/** The back office's Contenido section: banners, coupons, payment methods, survey, social links. */
export const adminContentPlugin = fp(
  async (app) => {
    app.decorate(
      'adminContent',
      createAdminContentService({
        repository: createAdminContentRepository(app.db),
        record: (executor, actor, change) => app.audit.record(executor, actor, change),
        // Storefronts read all of these from the catalogue's cached answers: every node drops them.
        published: () => app.catalogEvents.publish({ type: 'catalog' }),
      }),
    );
  },
  { name: 'admin-content', dependencies: ['db', 'audit', 'catalog-events'] },
);
