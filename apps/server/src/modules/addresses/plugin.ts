import fp from 'fastify-plugin';
import { createAddressesRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Named so: Fastify already has `addresses()` (the listening sockets). */
    addressBook: ReturnType<typeof createAddressesRepository>;
  }
}

export const addressesPlugin = fp(
  async (app) => {
    app.decorate('addressBook', createAddressesRepository(app.db));
  },
  { name: 'addresses', dependencies: ['db'] },
);
