import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RedisLink } from '../../plugins/redis';
import type { SessionCache } from './session-cache';

/** The channel's name after this deployment's prefix (`${REDIS_PREFIX}:session-changes`). */
export const SESSION_CHANNEL = 'session-changes';
/** How often a node publishes a heartbeat on the channel, and hears its own. */
export const SESSION_BEAT_MS = 1000;
/** A node that has not heard its own heartbeat for this long does not trust what it remembers. */
export const SESSION_BEAT_STALE_MS = 2500;

const message = z.object({
  origin: z.string(),
  /** The users whose sessions changed (ended, or what authorization knows of them). */
  users: z.array(z.number().int()).optional(),
  /** Everything changed: the chain's settings, or invalidations someone could not publish. */
  all: z.boolean().optional(),
  /** A heartbeat: its sender learns that it hears the channel. */
  beat: z.boolean().optional(),
});
type Message = z.infer<typeof message>;

/** Tells every node (this one at once) that sessions changed. */
export interface SessionInvalidation {
  usersChanged(userIds: readonly number[]): void;
  everythingChanged(): void;
  /** Stops the heartbeat (the app is closing). */
  stop(): void;
}

/**
 * Invalidation of the session cache on every node (decision 048). Without Redis there is one node
 * and forgetting is local. With Redis, a change is forgotten here at once and published on the
 * deployment's channel; each node forgets what the others publish. A node trusts its cache only
 * while it is sure to hear that channel: Redis available and its own heartbeat heard within
 * SESSION_BEAT_STALE_MS. Otherwise it reads every session from the database, and it forgets
 * everything whenever its hearing may have lapsed (its subscriber dropped, Redis came back, the
 * heartbeat went stale), since invalidations may have been missed meanwhile. An invalidation it
 * could not publish is published as "everything changed" once Redis is back.
 */
export function shareSessionCache(
  log: FastifyBaseLogger,
  cache: SessionCache,
  redis: RedisLink | null,
): SessionInvalidation {
  if (!redis || !cache.enabled) {
    return {
      usersChanged: (userIds) => cache.forgetUsers(userIds),
      everythingChanged: () => cache.clear(),
      stop: () => undefined,
    };
  }
  const origin = randomUUID();
  const channel = redis.key(SESSION_CHANNEL);
  const hearing = watchHearing(cache, redis);
  let missed = false;

  const publish = (body: Omit<Message, 'origin'>) => {
    if (!redis.available()) {
      if (!body.beat) missed = true;
      return;
    }
    redis.client.publish(channel, JSON.stringify({ origin, ...body })).catch((error: unknown) => {
      // Redis away: marked once (its own warning); a lost change is told to everyone once back.
      redis.failed(error);
      if (body.beat) return;
      missed = true;
      log.warn({ err: error }, 'could not publish a session change');
    });
  };
  // The first heartbeat as soon as the subscription is in place: the cache is used from then on.
  hearOtherNodes({ log, cache, redis, channel, origin, hearing }).then(
    () => publish({ beat: true }),
    () => undefined,
  );
  redis.onRecovered(() => {
    hearing.lapsed();
    if (missed) {
      missed = false;
      publish({ all: true });
    }
  });
  const beat = setInterval(() => {
    hearing.check();
    publish({ beat: true });
  }, SESSION_BEAT_MS).unref();
  return {
    usersChanged(userIds) {
      cache.forgetUsers(userIds);
      if (userIds.length > 0) publish({ users: [...userIds] });
    },
    everythingChanged() {
      cache.clear();
      publish({ all: true });
    },
    stop: () => clearInterval(beat),
  };
}

/** Forgets what the other nodes publish; notes this node's own heartbeats; answers the subscription. */
function hearOtherNodes(options: {
  log: FastifyBaseLogger;
  cache: SessionCache;
  redis: RedisLink;
  channel: string;
  origin: string;
  hearing: ReturnType<typeof watchHearing>;
}): Promise<unknown> {
  const { log, cache, channel, origin, hearing } = options;
  const subscriber = options.redis.subscriber();
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const parsed = message.safeParse(safeJson(raw));
    if (!parsed.success) return void log.warn({ raw }, 'ignored a malformed session change');
    if (parsed.data.origin === origin) {
      if (parsed.data.beat) hearing.heard();
      return;
    }
    if (parsed.data.all) cache.clear();
    else if (parsed.data.users) cache.forgetUsers(parsed.data.users);
  });
  // Dropped, the subscription may miss messages until it is back: nothing remembered is trusted.
  subscriber.on('close', () => hearing.lapsed());
  // Not awaited by the caller: sent whenever Redis answers, now or after an outage.
  const subscribed = subscriber.subscribe(channel);
  subscribed.catch((error: unknown) =>
    log.warn({ err: error }, 'could not subscribe to session changes'),
  );
  return subscribed;
}

/** Whether this node hears the channel now; everything is forgotten each time it stops or starts. */
function watchHearing(cache: SessionCache, redis: RedisLink) {
  let heardAt = Number.NEGATIVE_INFINITY;
  let wasHearing = false;
  const hearing = () => redis.available() && performance.now() - heardAt <= SESSION_BEAT_STALE_MS;
  // Called on every use and every beat, so a lapse no request saw still empties the cache.
  const check = () => {
    const now = hearing();
    if (now !== wasHearing) cache.clear();
    wasHearing = now;
    return now;
  };
  cache.gate(check);
  return {
    heard: () => {
      heardAt = performance.now();
    },
    lapsed: () => {
      heardAt = Number.NEGATIVE_INFINITY;
      check();
      cache.clear();
    },
    check,
  };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
