import fp from 'fastify-plugin';
import {
  fallbackRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Counters in Redis when there is one (every node sees the same counts), else in memory. While
 * Redis is away each node counts on its own (decision 028): the limits hold per node.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const redis = app.redis;
    app.decorate(
      'rateLimiter',
      redis
        ? fallbackRateLimiter(
            redisRateLimiter(redis.client, redis.key('rl:')),
            memoryRateLimiter(() => app.clock.now()),
            redis,
          )
        : memoryRateLimiter(() => app.clock.now()),
    );
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
