import fp from 'fastify-plugin';
import { createRatingsService, type RatingsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    ratings: RatingsService;
  }
}

export const ratingsPlugin = fp(
  async (app) => {
    app.decorate('ratings', createRatingsService({ db: app.db, clock: app.clock }));
  },
  { name: 'ratings', dependencies: ['db'] },
);
