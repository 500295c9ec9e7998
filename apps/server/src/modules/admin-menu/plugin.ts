import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createAdminMenuService, type AdminMenuService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    adminMenu: AdminMenuService;
  }
}

/** The back office's menu: categories, products with their option groups, a product at each branch. */
export const adminMenuPlugin = fp(
  async (app) => {
    app.decorate(
      'adminMenu',
      createAdminMenuService({ write: adminWriteOf(app), clock: app.clock }),
    );
  },
  { name: 'admin-menu', dependencies: ['db', 'audit', 'catalog-events'] },
);
