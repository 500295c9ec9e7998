import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import type { RedisConnections } from './connections';

/**
 * Redis as the nodes' shared, optional backing service (decision 028). It may be away — restarting,
 * unreachable, or answering nothing — and the node keeps serving alone meanwhile: every client has
 * an error listener and bounded waits, and `available()` says whether to count on it.
 */
export interface RedisLink {
  /** For commands (rate limits, publishes): no offline queue, so a missing Redis fails at once. */
  client: Redis;
  /** This deployment's namespace: every channel and key starts with it and a colon. */
  prefix: string;
  /** `${prefix}:${name}`: the one way a channel or key is named. */
  key(name: string): string;
  /**
   * A connection for subscriptions: it queues its (few) SUBSCRIBE commands until Redis answers,
   * reconnects for ever and subscribes again by itself. Watched: while it is down, Redis is away.
   */
  subscriber(): Redis;
  /** A connection for publishing, watched like the others; its failures are the caller's to catch. */
  publisher(): Redis;
  /** False while Redis is away (a connection dropped, or a command failed and no PING answered since). */
  available(): boolean;
  /** A command failed: serve alone until Redis answers again. Logged once per outage. */
  failed(error: unknown): void;
  /** Asks Redis now (one PING, bounded): true when it answers. A failure marks it away. */
  check(): Promise<boolean>;
  /**
   * Runs each time Redis answers again after being away: what was missed meanwhile (events,
   * session ends, catalogue changes) is resynchronised by the listeners.
   */
  onRecovered(listener: () => void): void;
}

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
