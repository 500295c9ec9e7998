import fp from 'fastify-plugin';
import { createAddressesService, type AddressesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Named so: Fastify already has `addresses()` (the listening sockets). */
    addressBook: AddressesService;
  }
}

export const addressesPlugin = fp(
  async (app) => {
    app.decorate('addressBook', createAddressesService({ db: app.db, clock: app.clock }));
  },
  { name: 'addresses', dependencies: ['db'] },
);
