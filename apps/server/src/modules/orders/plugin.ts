import fp from 'fastify-plugin';
import { createOrdersRepository } from './repository';
import { createOrdersService, type OrdersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

export const ordersPlugin = fp(
  async (app) => {
    app.decorate('orders', createOrdersService(createOrdersRepository(app.db)));
  },
  { name: 'orders', dependencies: ['db'] },
);
