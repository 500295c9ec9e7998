import { MESSAGES } from '@comanda/shared';
import type { Redis } from 'ioredis';
import { HttpError } from './http-error';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; for Retry-After. */
  retryAfter: number;
  /** Hits counted in the window so far, this one included. */
  count: number;
}

/** Fixed-window counters: `limit` hits per `windowSeconds` for each key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * Takes back one hit of the key's current window, when the attempt it counted turned out not
   * to be one that counts (a right password, decision 076). Nothing when the window has ended.
   */
  refund(key: string): Promise<void>;
}

/** A limit on one kind of action: at most `limit` per `windowSeconds` for each key. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * The one way an HTTP route is limited: counts a hit on `key` and, over the limit, throws the
 * Spanish 429 with Retry-After that the error handler answers as is.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<void> {
  const result = await limiter.hit(key, limit, windowSeconds);
  if (!result.allowed) {
    throw new HttpError(
      429,
      MESSAGES.tooManyRequests,
      {},
      { 'retry-after': String(result.retryAfter) },
    );
  }
}

/** One process: counters in memory. Several nodes must share Redis instead. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { resetAt: number; count: number }>();
  let lastSweep = now();
  return {
    async hit(key, limit, windowSeconds) {
      const at = now();
      // Drop finished windows now and then so the map does not grow with every IP ever seen.
      if (at - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        lastSweep = at;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { resetAt: at + windowSeconds * 1000, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        retryAfter: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
        count: window.count,
      };
    },
    async refund(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/** DECR only a key that exists: a missing one would come back as -1 with no expiry (forever). */
const REFUND_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

/** Shared by every node through Redis: INCR and set the expiry on the first hit, atomically. */
export function redisRateLimiter(redis: Redis, prefix = 'comanda:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const redisKey = `${prefix}${key}`;
      const result = await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, windowSeconds, 'NX')
        .ttl(redisKey)
        .exec();
      // A failed command inside the transaction is an error, not a count of 0.
      const failed = result?.find(([error]) => error)?.[0];
      if (!result || failed) throw failed ?? new Error('rate limit transaction aborted');
      const count = Number(result[0]?.[1] ?? 0);
      const ttl = Number(result[2]?.[1] ?? windowSeconds);
      return { allowed: count <= limit, retryAfter: Math.max(1, ttl), count };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, `${prefix}${key}`);
    },
  };
}

/** What the fallback needs to know of Redis: whether to count on it, and how to report it failed. */
export interface SharedCounterHealth {
  available(): boolean;
  failed(error: unknown): void;
}

/**
 * Counters shared through Redis while it answers, this node's own while it does not (decision
 * 028): a Redis outage makes the limits per node (N nodes let up to N times the limit through)
 * rather than refuse every login and order, or let them all through. The moment a shared count
 * fails, this hit and the next ones are counted here until Redis answers again; the outage and
 * the recovery are logged once each by the Redis link.
 */
export function fallbackRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  health: SharedCounterHealth,
): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      if (!health.available()) return local.hit(key, limit, windowSeconds);
      try {
        return await shared.hit(key, limit, windowSeconds);
      } catch (error) {
        health.failed(error);
        return local.hit(key, limit, windowSeconds);
      }
    },
    // Where the hit was counted is not remembered: a refund across an outage's edge is lost or
    // lands on the other counter, where it is bounded by what that counter holds.
    async refund(key) {
      if (!health.available()) return local.refund(key);
      try {
        await shared.refund(key);
      } catch (error) {
        health.failed(error);
        await local.refund(key);
      }
    },
  };
}
