import fp from 'fastify-plugin';
import { adminWriteOf } from '../../lib/admin-write';
import { readFile } from 'node:fs/promises';
import { SHIPPED_LOGO } from '../../paths';
import { createBrandRepository, readBrand, readLogo } from './repository';
import { createBrandService, type BrandService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    brand: BrandService;
  }
}

/** The chain's brand: Marca in the back office; the storefront, manifest and emails read it. */
export const brandPlugin = fp(
  async (app) => {
    app.decorate(
      'brand',
      createBrandService({
        readSaved: () => readBrand(app.db),
        readLogo: () => readLogo(app.db),
        shippedLogo: () => readFile(SHIPPED_LOGO),
        repository: createBrandRepository(),
        write: adminWriteOf(app),
        subscribe: (listener) => {
          app.catalogEvents.subscribe(listener);
        },
      }),
    );
  },
  { name: 'brand', dependencies: ['db', 'audit', 'catalog-events'] },
);
