import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/lib/response-cache';

describe('ResponseCache', () => {
  it('forgets only the keys that match, so other answers keep their ETag', async () => {
    let version = 0;
    const cache = new ResponseCache(60_000);
    const compute = () => Promise.resolve({ version: ++version });
    const a = await cache.get('category:pizzas:1', compute);
    const b = await cache.get('category:pizzas:2', compute);
    cache.forget((key) => key.endsWith(':1'));
    const a2 = await cache.get('category:pizzas:1', compute);
    const b2 = await cache.get('category:pizzas:2', compute);
    expect(a2!.etag).not.toBe(a!.etag);
    expect(b2!.etag).toBe(b!.etag);
  });

  it('turns an answer stale at the instant it names, before the TTL', async () => {
    let now = 1000;
    let version = 0;
    const cache = new ResponseCache(60_000, () => now);
    const compute = () => Promise.resolve({ version: ++version, endsAt: 5000 });
    const validUntil = (value: unknown) => (value as { endsAt: number }).endsAt;
    const first = await cache.get('branches', compute, validUntil);
    now = 4999;
    expect((await cache.get('branches', compute, validUntil))!.etag).toBe(first!.etag);
    now = 5000;
    expect((await cache.get('branches', compute, validUntil))!.etag).not.toBe(first!.etag);
  });
});
