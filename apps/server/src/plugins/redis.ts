import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import { redisPrefix } from '../config';
import { databaseIdentity } from '../db/identity';

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

/** How often a node that lost Redis asks again. */
const PROBE_MS = 1000;
/** The longest wait between two reconnection attempts. */
const RECONNECT_MAX_MS = 2000;

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
    const base: RedisOptions = {
      connectTimeout: timeoutMs,
      retryStrategy: (times) => Math.min(times * 200, RECONNECT_MAX_MS),
      // A command sent while the connection is down fails at once rather than waiting in a queue
      // (a login must not hang on a rate limit); one in flight when it drops is not re-sent.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: timeoutMs,
    };
    const subscriberOptions: RedisOptions = {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      // A subscription waits for Redis however long it takes; nothing awaits it on a request.
      commandTimeout: undefined,
      lazyConnect: false,
    };

    const listeners = new Set<() => void>();
    const connections = new Set<Redis>();
    let down = false;
    let closing = false;
    let probe: NodeJS.Timeout | undefined;

    const markDown = (reason: unknown) => {
      if (down || closing) return;
      down = true;
      app.log.warn(
        { reason: reason instanceof Error ? reason.message : String(reason) },
        'redis unavailable: this node serves alone (rate limits per node, events to its own sockets) until it is back',
      );
      clearInterval(probe);
      probe = setInterval(() => void tryRecover(), PROBE_MS).unref();
    };

    let recovering = false;
    const tryRecover = async () => {
      if (!down || closing || recovering) return;
      if ([...connections].some((connection) => connection.status !== 'ready')) return;
      recovering = true;
      try {
        await client.ping();
      } catch {
        return;
      } finally {
        recovering = false;
      }
      if (!down || closing) return;
      down = false;
      clearInterval(probe);
      app.log.info(
        'redis is back: shared rate limits and events again; resynchronising what was missed',
      );
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          app.log.error({ err: error }, 'redis recovery listener failed');
        }
      }
    };

    const watch = (connection: Redis, role: string) => {
      connections.add(connection);
      // ioredis emits 'error' for every failed attempt; without a listener it would be thrown.
      connection.on('error', (error: Error) => {
        if (!closing) app.log.debug({ err: error, role }, 'redis connection error');
      });
      connection.on('close', () => markDown(new Error(`${role} connection closed`)));
      connection.on('ready', () => void tryRecover());
      return connection;
    };

    const client = watch(new Redis(url, { ...base, lazyConnect: true }), 'commands');
    const link: RedisLink = {
      client,
      prefix,
      key: (name) => `${prefix}:${name}`,
      subscriber: () => {
        const connection = watch(client.duplicate(subscriberOptions), 'subscriber');
        // The Socket.IO adapter subscribes (and, closing, unsubscribes) without awaiting: a
        // command still queued when the node stops is rejected, and must not reject unhandled.
        for (const method of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
          const original = connection[method].bind(connection) as (
            ...args: unknown[]
          ) => Promise<unknown>;
          (connection as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
            const sent = original(...args);
            sent.catch((error: unknown) => {
              if (!closing) app.log.warn({ err: error }, 'redis subscription failed');
            });
            return sent;
          };
        }
        return connection;
      },
      publisher: () => watch(client.duplicate({ lazyConnect: false }), 'publisher'),
      available: () => !down,
      failed: (error) => markDown(error),
      async check() {
        try {
          await client.ping();
        } catch (error) {
          markDown(error);
          return false;
        }
        // It answers, but was away: it counts as back once every connection is (and the
        // resynchronisation has started), not before.
        if (down) await tryRecover();
        return !down;
      },
      onRecovered: (listener) => void listeners.add(listener),
    };

    // A node that starts while Redis is away starts anyway, alone; it joins the others once
    // Redis answers. The wait is bounded by the connect timeout.
    // (A Redis that accepts the connection and then answers nothing never says "ready".)
    const connecting = client.connect();
    connecting.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        connecting,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('redis did not answer at start')), timeoutMs);
        }),
      ]);
    } catch (error) {
      markDown(error);
    } finally {
      clearTimeout(timer);
    }
    app.log.info({ prefix }, 'redis namespace');
    app.decorate('redis', link);
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(probe);
      // QUIT waits for Redis to answer; a connection that is down (or a Redis that answers
      // nothing) is dropped instead, or the node could not stop during an outage.
      await Promise.allSettled(
        [...connections].map(async (connection) => {
          if (connection.status !== 'ready') return connection.disconnect();
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, timeoutMs);
          });
          await Promise.race([connection.quit().catch(() => undefined), late]);
          clearTimeout(timer);
          connection.disconnect();
        }),
      );
    });
  },
  { name: 'redis', dependencies: ['db'] },
);
