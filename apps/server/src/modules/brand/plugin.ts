import fp from 'fastify-plugin';
import { readFile } from 'node:fs/promises';
import { adminWriteOf } from '../../lib/admin-write';
import { SHIPPED_LOGO } from '../../paths';
import { createBrandDeps, createBrandService, type BrandService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    brand: BrandService;
  }
}

/** The chain's brand: Marca in the back office; the storefront, manifest and emails read it. */
export const brandPlugin = fp(
  async (app) => {
    const brand = createBrandService(
      createBrandDeps({
        db: app.db,
        write: adminWriteOf(app),
        shippedLogo: () => readFile(SHIPPED_LOGO),
      }),
    );
    app.decorate('brand', brand);
    // A brand saved on any node: every node's pages, manifest and icons carry it from then on.
    app.catalogEvents.subscribe(() => brand.forget());
  },
  { name: 'brand', dependencies: ['db', 'audit', 'catalog-events'] },
);
