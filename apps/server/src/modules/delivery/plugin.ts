import fp from 'fastify-plugin';
import { createDeliveryDeps, createDeliveryService, type DeliveryService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

export const deliveryPlugin = fp(
  async (app) => {
    const delivery = createDeliveryService(
      createDeliveryDeps({ branches: () => app.catalog.branches(), clock: app.clock }),
    );
    app.decorate('delivery', delivery);
    // Subscribed after the catalogue (registered after it) and before the console, which tells
    // the storefronts: by the time a screen hears of a change, these answers are gone too.
    app.catalogEvents.subscribe((change) => delivery.invalidate(change));
  },
  { name: 'delivery', dependencies: ['catalog', 'catalog-events'] },
);
