import fp from 'fastify-plugin';
import { createCounterService, type CounterService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    counter: CounterService;
  }
}

/** Orders staff take by phone or at the counter, through the orders module's placement. */
export const counterPlugin = fp(
  async (app) => {
    app.decorate(
      'counter',
      createCounterService({
        db: app.db,
        clock: app.clock,
        addressBook: app.addressBook,
        orders: app.orders,
      }),
    );
  },
  { name: 'counter', dependencies: ['db', 'orders', 'addresses'] },
);
