import fp from 'fastify-plugin';
import { createChainMenu, createChainMenuDeps, type ChainMenu } from './chain-menu';
import type { OnlinePayments } from './content';
import { createCatalogDeps, createCatalogService, type CatalogService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
    /** The chain's menu before a branch is chosen (chain-menu.ts). */
    chainMenu: ChainMenu;
  }
}

export const catalogPlugin = fp<{ online: OnlinePayments }>(
  async (app, { online }) => {
    const catalog = createCatalogService(
      createCatalogDeps({ db: app.db, clock: app.clock, online }),
    );
    app.decorate('catalog', catalog);
    app.decorate('chainMenu', createChainMenu(createChainMenuDeps(catalog)));
    // Answers and ETags change on every node as soon as a change is committed on any of them.
    app.catalogEvents.subscribe((change) => catalog.invalidate(change));
  },
  { name: 'catalog', dependencies: ['db', 'catalog-events'] },
);
