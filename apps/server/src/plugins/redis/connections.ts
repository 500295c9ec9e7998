import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/** How often a node that lost Redis asks again. */
const PROBE_MS = 1000;
/** The longest wait between two reconnection attempts. */
const RECONNECT_MAX_MS = 2000;

function commandOptions(timeoutMs: number): RedisOptions {
  return {
    connectTimeout: timeoutMs,
    retryStrategy: (times) => Math.min(times * 200, RECONNECT_MAX_MS),
    // A command sent while the connection is down fails at once rather than waiting in a queue
    // (a login must not hang on a rate limit); one in flight when it drops is not re-sent.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
  };
}

/**
 * This node's connections to Redis and whether Redis is available now: every connection is
 * watched (an error listener, and its closing marks Redis away); while away, a probe asks again
 * every PROBE_MS, and Redis is back once every connection is ready and a PING answers.
 */
export async function redisConnections(log: FastifyBaseLogger, url: string, timeoutMs: number) {
  // ioredis is loaded only by a node with Redis (decision 107).
  const { Redis } = await import('ioredis');
  const listeners = new Set<() => void>();
  const connections = new Set<Redis>();
  let down = false;
  let closing = false;
  let probe: NodeJS.Timeout | undefined;
  let recovering = false;

  const markDown = (reason: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { reason: reason instanceof Error ? reason.message : String(reason) },
      'redis unavailable: this node serves alone (rate limits per node, events to its own sockets) until it is back',
    );
    clearInterval(probe);
    probe = setInterval(() => void tryRecover(), PROBE_MS).unref();
  };

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
    log.info('redis is back: shared rate limits and events again; resynchronising what was missed');
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log.error({ err: error }, 'redis recovery listener failed');
      }
    }
  };

  const watch = (connection: Redis, role: string) => {
    connections.add(connection);
    // ioredis emits 'error' for every failed attempt; without a listener it would be thrown.
    connection.on('error', (error: Error) => {
      if (!closing) log.debug({ err: error, role }, 'redis connection error');
    });
    connection.on('close', () => markDown(new Error(`${role} connection closed`)));
    connection.on('ready', () => void tryRecover());
    return connection;
  };

  const client = watch(
    new Redis(url, { ...commandOptions(timeoutMs), lazyConnect: true }),
    'commands',
  );

  return {
    /** For commands; every other connection is a duplicate of it. */
    client,
    watch,
    markDown,
    tryRecover,
    isDown: () => down,
    isClosing: () => closing,
    onRecovered: (listener: () => void) => void listeners.add(listener),
    /** Stops watching, then closes every connection (bounded by `timeoutMs` each). */
    close: async () => {
      closing = true;
      clearInterval(probe);
      await quitAll([...connections], timeoutMs);
    },
  };
}

export type RedisConnections = Awaited<ReturnType<typeof redisConnections>>;

/**
 * A node that starts while Redis is away starts anyway, alone; it joins the others once
 * Redis answers. The wait is bounded by the connect timeout.
 * (A Redis that accepts the connection and then answers nothing never says "ready".)
 */
export async function connectAtStart(redis: RedisConnections, timeoutMs: number) {
  const connecting = redis.client.connect();
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
    redis.markDown(error);
  } finally {
    clearTimeout(timer);
  }
}

// QUIT waits for Redis to answer; a connection that is down (or a Redis that answers
// nothing) is dropped instead, or the node could not stop during an outage.
async function quitAll(connections: Redis[], timeoutMs: number) {
  await Promise.allSettled(
    connections.map(async (connection) => {
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
}
