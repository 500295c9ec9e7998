import fp from 'fastify-plugin';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counters in Redis when there is one (every node sees the same counts), else in memory. */
export const rateLimitPlugin = fp(
  async (app) => {
    app.decorate('rateLimiter', app.redis ? redisRateLimiter(app.redis) : memoryRateLimiter());
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
