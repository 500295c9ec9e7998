import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { redisPrefix } from '../config';
import { databaseIdentity } from '../db/identity';
import { connectAtStart, redisConnections } from './redis/connections';
import { redisLink } from './redis/link';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: shared state for several server nodes. */
    redis: RedisLink | null;
  }
}

export interface RedisPluginOptions {
  url: string | undefined;
  /** REDIS_PREFIX; unset, derived from the database's identity. */
  prefix: string | undefined;
  /** REDIS_TIMEOUT_MS: connect and command timeout. */
  timeoutMs: number;
  /** The SQLite file, part of its identity. */
  sqliteFile?: string | undefined;
}

export const redisPlugin = fp<RedisPluginOptions>(
  async (app, { url, prefix: explicitPrefix, timeoutMs, sqliteFile }) => {
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const prefix = redisPrefix(
      explicitPrefix,
      await databaseIdentity(app.db, app.dialect, sqliteFile),
    );
    const connections = redisConnections(app.log, url, timeoutMs);
    const link = redisLink(app.log, connections, prefix);
    await connectAtStart(connections, timeoutMs);
    app.log.info({ prefix }, 'redis namespace');
    app.decorate('redis', link);
    app.addHook('onClose', async () => connections.close());
  },
  { name: 'redis', dependencies: ['db'] },
);
