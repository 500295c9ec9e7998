import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter } from '../../src/lib/rate-limiter';

describe('memoryRateLimiter', () => {
  it('allows the limit within a window and again once it has passed', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await limiter.hit('k', 2, 60)).allowed);
    expect(results).toEqual([true, true, false]);
    expect((await limiter.hit('other', 2, 60)).allowed).toBe(true);
    now += 61_000;
    expect((await limiter.hit('k', 2, 60)).allowed).toBe(true);
  });

  it('takes back a refunded hit within its window, and nothing once the window is gone', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    expect((await limiter.hit('k', 2, 60)).count).toBe(1);
    expect((await limiter.hit('k', 2, 60)).count).toBe(2);
    await limiter.refund('k');
    const third = await limiter.hit('k', 2, 60);
    expect(third).toMatchObject({ allowed: true, count: 2 });
    now += 61_000;
    await limiter.refund('k');
    expect((await limiter.hit('k', 2, 60)).count).toBe(1);
  });
});

// Several nodes share counters through Redis; this runs where Redis is (always in CI).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe('redisRateLimiter', () => {
    const a = new Redis(redisUrl);
    const b = new Redis(redisUrl);
    afterAll(async () => {
      await a.quit();
      await b.quit();
    });

    it('counts hits from every node against the same limit', async () => {
      const key = `test:${process.pid}:${Date.now()}`;
      const nodeA = redisRateLimiter(a);
      const nodeB = redisRateLimiter(b);
      expect((await nodeA.hit(key, 2, 30)).allowed).toBe(true);
      expect((await nodeB.hit(key, 2, 30)).allowed).toBe(true);
      const third = await nodeA.hit(key, 2, 30);
      expect(third.allowed).toBe(false);
      expect(third.retryAfter).toBeGreaterThan(0);
      expect(third.retryAfter).toBeLessThanOrEqual(30);
    });

    it('takes back a refunded hit on every node, and never makes a key that has expired', async () => {
      const key = `test:${process.pid}:${Date.now()}:refund`;
      const nodeA = redisRateLimiter(a);
      const nodeB = redisRateLimiter(b);
      await nodeA.hit(key, 2, 30);
      await nodeA.hit(key, 2, 30);
      await nodeB.refund(key);
      expect(await nodeA.hit(key, 2, 30)).toMatchObject({ allowed: true, count: 2 });
      // A refund of a key that is gone would leave -1 with no expiry: a free attempt forever.
      const gone = `${key}:gone`;
      await nodeB.refund(gone);
      expect(await a.exists(`comanda:rl:${gone}`)).toBe(0);
    });
  });
}
