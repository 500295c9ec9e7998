import fp from 'fastify-plugin';
import { createCatalogRepository } from './repository';
import { createCatalogService, type CatalogService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

export const catalogPlugin = fp(
  async (app) => {
    app.decorate('catalog', createCatalogService(createCatalogRepository(app.db)));
  },
  { name: 'catalog', dependencies: ['db'] },
);
