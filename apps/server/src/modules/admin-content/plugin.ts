import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createAdminContentService, type AdminContentService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminContent: AdminContentService;
  }
}

/** The back office's Contenido section: banners, coupons, payment methods, survey, social links. */
export const adminContentPlugin = fp(
  async (app) => {
    app.decorate('adminContent', createAdminContentService({ write: adminWriteOf(app) }));
  },
  { name: 'admin-content', dependencies: ['db', 'audit', 'catalog-events'] },
);
