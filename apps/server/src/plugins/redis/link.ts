import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import type { RedisLink } from '../redis';
import type { RedisConnections } from './connections';

const subscriberOptions: RedisOptions = {
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  // A subscription waits for Redis however long it takes; nothing awaits it on a request.
  commandTimeout: undefined,
  lazyConnect: false,
};

/** The app's `redis`: named keys and channels, watched connections, and whether Redis is there. */
export function redisLink(
  log: FastifyBaseLogger,
  redis: RedisConnections,
  prefix: string,
): RedisLink {
  const { client } = redis;
  return {
    client,
    prefix,
    key: (name) => `${prefix}:${name}`,
    subscriber: () =>
      guardSubscriptions(
        log,
        redis,
        redis.watch(client.duplicate(subscriberOptions), 'subscriber'),
      ),
    publisher: () => redis.watch(client.duplicate({ lazyConnect: false }), 'publisher'),
    available: () => !redis.isDown(),
    failed: (error) => redis.markDown(error),
    async check() {
      try {
        await client.ping();
      } catch (error) {
        redis.markDown(error);
        return false;
      }
      // It answers, but was away: it counts as back once every connection is (and the
      // resynchronisation has started), not before.
      if (redis.isDown()) await redis.tryRecover();
      return !redis.isDown();
    },
    onRecovered: (listener) => redis.onRecovered(listener),
  };
}

// The Socket.IO adapter subscribes (and, closing, unsubscribes) without awaiting: a
// command still queued when the node stops is rejected, and must not reject unhandled.
function guardSubscriptions(log: FastifyBaseLogger, redis: RedisConnections, connection: Redis) {
  for (const method of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
    const original = connection[method].bind(connection) as (
      ...args: unknown[]
    ) => Promise<unknown>;
    (connection as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const sent = original(...args);
      sent.catch((error: unknown) => {
        if (!redis.isClosing()) log.warn({ err: error }, 'redis subscription failed');
      });
      return sent;
    };
  }
  return connection;
}
