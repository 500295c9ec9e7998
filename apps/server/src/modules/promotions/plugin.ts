import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { createPromotionsService, type PromotionsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsService;
  }
}

/** Promotions (decision 082): the storefront's read and the back office's Promociones. */
export const promotionsPlugin = fp(
  async (app) => {
    app.decorate(
      'promotions',
      createPromotionsService({ write: adminWriteOf(app), clock: app.clock }),
    );
  },
  { name: 'promotions', dependencies: ['db', 'audit', 'catalog-events'] },
);
