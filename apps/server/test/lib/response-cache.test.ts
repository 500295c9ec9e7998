import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseVariant,
  ResponseCache,
  sendCached,
  toCachedBody,
  type CachedBody,
} from '../../src/lib/response-cache';

/** A promise the test settles by hand, to hold a computation open. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A computation that answers `{version: n}` with a counter, resolved by the test. */
function pendingComputations() {
  const pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  let calls = 0;
  const compute = vi.fn(() => {
    calls++;
    const d = deferred<unknown>();
    pending.push(d);
    return d.promise;
  });
  return { compute, pending, calls: () => calls };
}

const version = (body: CachedBody | null) => (body?.value as { version: number }).version;

describe('ResponseCache', () => {
  it('forgets only the keys that match, so other answers keep their ETag', async () => {
    let n = 0;
    const cache = new ResponseCache(60_000);
    const compute = () => Promise.resolve({ version: ++n });
    const a = await cache.get('category:pizzas:1', compute);
    const b = await cache.get('category:pizzas:2', compute);
    cache.forget((key) => key.endsWith(':1'));
    const a2 = await cache.get('category:pizzas:1', compute);
    const b2 = await cache.get('category:pizzas:2', compute);
    expect(a2!.etag).not.toBe(a!.etag);
    expect(b2!.etag).toBe(b!.etag);
  });

  it('turns an answer stale at the instant it names, before the TTL, and does not serve it past then', async () => {
    let now = 1000;
    let n = 0;
    const cache = new ResponseCache(60_000, () => now);
    const compute = () => Promise.resolve({ version: ++n, endsAt: 5000 });
    const validUntil = (value: unknown) => (value as { endsAt: number }).endsAt;
    const first = await cache.get('branches', compute, validUntil);
    now = 4999;
    expect((await cache.get('branches', compute, validUntil))!.etag).toBe(first!.etag);
    now = 5000;
    expect((await cache.get('branches', compute, validUntil))!.etag).not.toBe(first!.etag);
  });

  it('turns a "not found" stale at its instant too (a product outside its daypart is found when it starts)', async () => {
    let now = 1000;
    let found = false;
    const cache = new ResponseCache(60_000, () => now);
    const compute = () => Promise.resolve(found ? { version: 1 } : null);
    const until = () => 5000;
    expect(await cache.get('product:desayuno:1', compute, until)).toBeNull();
    found = true;
    now = 4999;
    expect(await cache.get('product:desayuno:1', compute, until)).toBeNull();
    now = 5000;
    expect(version(await cache.get('product:desayuno:1', compute, until))).toBe(1);
  });

  it("past an answer's instant, does not join a rebuild that started before it", async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const until = () => 40_000;
    const first = cache.get('categories', compute, until);
    pending[0]!.resolve({ version: 1 });
    expect(version(await first)).toBe(1);
    // Past the TTL: the old answer is served while a rebuild (for before the instant) runs.
    now = 35_000;
    expect(version(await cache.get('categories', compute, until))).toBe(1);
    expect(compute).toHaveBeenCalledTimes(2);
    // Past the instant with that rebuild still running: a new one, whose answer is served.
    now = 40_000;
    const after = cache.get('categories', compute, () => 80_000);
    expect(compute).toHaveBeenCalledTimes(3);
    pending[2]!.resolve({ version: 3 });
    pending[1]!.resolve({ version: 2 });
    expect(version(await after)).toBe(3);
    expect(version(await cache.get('categories', compute, until))).toBe(3);
  });

  it('shares one computation among the callers that arrive while it runs', async () => {
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(60_000);
    const calls = [
      cache.get('categories', compute),
      cache.get('categories', compute),
      cache.get('categories', compute),
    ];
    expect(compute).toHaveBeenCalledTimes(1);
    pending[0]!.resolve({ version: 1 });
    const bodies = await Promise.all(calls);
    expect(bodies.map(version)).toEqual([1, 1, 1]);
    expect(bodies[0]).toBe(bodies[1]);
  });

  it('past the TTL serves the old answer at once while one rebuild runs, then the new one', async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const first = cache.get('categories', compute);
    pending[0]!.resolve({ version: 1 });
    expect(version(await first)).toBe(1);

    now = 30_000;
    expect(version(await cache.get('categories', compute))).toBe(1);
    expect(version(await cache.get('categories', compute))).toBe(1);
    expect(compute).toHaveBeenCalledTimes(2);

    pending[1]!.resolve({ version: 2 });
    await vi.waitFor(async () => expect(version(await cache.get('categories', compute))).toBe(2));
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps serving the old answer when a rebuild fails, and tries again on the next request', async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const first = cache.get('categories', compute);
    pending[0]!.resolve({ version: 1 });
    await first;
    now = 30_000;
    expect(version(await cache.get('categories', compute))).toBe(1);
    pending[1]!.reject(new Error('database down'));
    await vi.waitFor(() => expect(compute).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(version(await cache.get('categories', compute))).toBe(1);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('does not remember a failed first computation', async () => {
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000);
    const first = cache.get('categories', compute);
    pending[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    const second = cache.get('categories', compute);
    pending[1]!.resolve({ version: 2 });
    expect(version(await second)).toBe(2);
  });

  it('after a change, callers wait for the new answer instead of getting the old one', async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const first = cache.get('categories', compute);
    pending[0]!.resolve({ version: 1 });
    await first;
    // Even past the TTL, where a stale answer would otherwise do.
    now = 30_000;
    cache.clear();
    let settled = false;
    const next = cache.get('categories', compute).then((body) => {
      settled = true;
      return body;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    pending[1]!.resolve({ version: 2 });
    expect(version(await next)).toBe(2);
  });

  it('never stores an answer whose computation started before a change', async () => {
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000);
    const before = cache.get('category:pizzas:1', compute);
    cache.forget((key) => key === 'category:pizzas:1');
    const after = cache.get('category:pizzas:1', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    // The old computation finishes last: it answers its own caller, but does not become the answer.
    pending[1]!.resolve({ version: 2 });
    pending[0]!.resolve({ version: 1 });
    expect(version(await before)).toBe(1);
    expect(version(await after)).toBe(2);
    expect(version(await cache.get('category:pizzas:1', compute))).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('drops a stale-period rebuild that a change overtook', async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const first = cache.get('categories', compute);
    pending[0]!.resolve({ version: 1 });
    await first;
    now = 30_000;
    expect(version(await cache.get('categories', compute))).toBe(1); // starts rebuild #2
    cache.clear();
    const after = cache.get('categories', compute); // rebuild #3, after the change
    pending[1]!.resolve({ version: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    pending[2]!.resolve({ version: 3 });
    expect(version(await after)).toBe(3);
    expect(version(await cache.get('categories', compute))).toBe(3);
  });

  it('peeks only at an answer that can be served as it is: cached, within its TTL and its instant, not dropped', async () => {
    let now = 0;
    const { compute, pending } = pendingComputations();
    const cache = new ResponseCache(30_000, () => now);
    const validUntil = (value: unknown) => (value as { endsAt?: number }).endsAt ?? null;
    expect(cache.peek('categories')).toBeUndefined();
    const first = cache.get('categories', compute, validUntil);
    expect(cache.peek('categories'), 'while the first computation runs').toBeUndefined();
    pending[0]!.resolve({ version: 1, endsAt: 20_000 });
    const body = await first;
    expect(cache.peek('categories')).toBe(body);

    // Past its instant, and past the TTL (where `get` serves it but must start a rebuild): no.
    now = 20_000;
    expect(cache.peek('categories')).toBeUndefined();
    const second = cache.get('categories', compute, validUntil);
    pending[1]!.resolve({ version: 2 });
    expect(version(await second)).toBe(2);
    expect(version(cache.peek('categories')!)).toBe(2);
    now = 20_000 + 30_000;
    expect(cache.peek('categories')).toBeUndefined();
    expect(version(await cache.get('categories', compute))).toBe(2); // stale, rebuilding
    pending[2]!.resolve({ version: 3 });
    await vi.waitFor(() => expect(version(cache.peek('categories')!)).toBe(3));

    // Dropped by a change: no, until the next answer is built.
    cache.forget((key) => key === 'categories');
    expect(cache.peek('categories')).toBeUndefined();

    // A cached "not found" is null, not an answer.
    const missing = cache.get('category:none:1', compute);
    pending[3]!.resolve(null);
    await missing;
    expect(cache.peek('category:none:1')).toBeNull();
  });

  it('keeps a stamp of some peeks holding until an answer is stored or dropped, or one of them turns stale', async () => {
    let now = 0;
    const cache = new ResponseCache(30_000, () => now);
    const validUntil = (value: unknown) => (value as { endsAt?: number }).endsAt ?? null;
    const answer = (value: unknown) => () => Promise.resolve(value);
    await cache.get('branches', answer({ v: 1 }));
    now = 5_000;
    await cache.get('category:a:1', answer({ v: 1, endsAt: 20_000 }), validUntil);

    const stamp = cache.stamp();
    expect(cache.peek('branches', stamp)).not.toBeUndefined();
    expect(cache.peek('category:a:1', stamp)).not.toBeUndefined();
    // The earliest end among the answers peeked: the daypart's, before either TTL.
    expect(stamp.until).toBe(20_000);
    expect(cache.holds(stamp)).toBe(true);
    now = 19_999;
    expect(cache.holds(stamp)).toBe(true);
    now = 20_000;
    expect(cache.holds(stamp), 'past an answer’s instant').toBe(false);

    now = 10_000;
    const ttl = cache.stamp();
    cache.peek('branches', ttl);
    expect(cache.holds(ttl)).toBe(true);
    now = 30_000;
    expect(cache.holds(ttl), 'past an answer’s TTL').toBe(false);

    // Any answer stored or dropped, even one the stamp never peeked at, ends it: the caller
    // cannot tell which of its own peeks it changed without peeking again.
    now = 10_000;
    for (const change of [
      () => cache.get('banners', answer({ v: 1 })),
      () => cache.forget((key) => key === 'banners'),
      () => cache.clear(),
    ]) {
      const before = cache.stamp();
      cache.peek('branches', before);
      expect(cache.holds(before)).toBe(true);
      await change();
      expect(cache.holds(before)).toBe(false);
    }
  });

  it('builds the body (serialization and compression) inside the shared rebuild, never per request', async () => {
    let now = 0;
    const build = vi.fn(toCachedBody);
    const cache = new ResponseCache(30_000, () => now, build);
    const compute = () => Promise.resolve({ version: 1 });
    await Promise.all([cache.get('categories', compute), cache.get('categories', compute)]);
    await cache.get('categories', compute);
    expect(build).toHaveBeenCalledTimes(1);
    now = 30_000;
    await cache.get('categories', compute);
    await vi.waitFor(() => expect(build).toHaveBeenCalledTimes(2));
  });
});

describe('a rebuild of an answer nothing changed', () => {
  it('keeps the very object it replaces, so that what was made from it stays valid; a change or a forget gives a new one', async () => {
    let now = 0;
    let version = 1;
    const compute = () =>
      Promise.resolve({ version, rows: Array.from({ length: 300 }, (_, id) => ({ id })) });
    const cache = new ResponseCache(30_000, () => now);
    const first = await cache.get('categories', compute);

    now = 30_000; // past the TTL: rebuilt with the same data
    await cache.get('categories', compute);
    await vi.waitFor(() => expect(cache.peek('categories')).not.toBeUndefined());
    expect(cache.peek('categories')).toBe(first);

    version = 2;
    now = 60_000; // rebuilt with other data
    await cache.get('categories', compute);
    await vi.waitFor(() => expect(cache.peek('categories')).not.toBeUndefined());
    const second = cache.peek('categories')!;
    expect(second).not.toBe(first);
    expect(JSON.parse(second.json.toString())).toMatchObject({ version: 2 });
    expect(brotliDecompressSync(second.br!).equals(second.json)).toBe(true);

    // After a forget the slot starts over: a new object even for the same bytes.
    cache.forget((key) => key === 'categories');
    const third = await cache.get('categories', compute);
    expect(third).not.toBe(second);
    expect(third!.json.equals(second.json)).toBe(true);
  });
});

describe('expire (a change that may have left an answer as it was)', () => {
  it('builds it again before it is served, the same object when it reads the same, a new one when not', async () => {
    let value = { list: ['pizzas'] };
    const compute = vi.fn(() => Promise.resolve(value));
    const cache = new ResponseCache(60_000);
    const first = await cache.get('categories', compute);
    cache.expire((key) => key === 'categories');
    expect(cache.peek('categories')).toBeUndefined();
    expect(await cache.get('categories', compute)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);
    value = { list: ['pizzas', 'postres'] };
    cache.expire((key) => key === 'categories');
    const changed = await cache.get('categories', compute);
    expect(changed).not.toBe(first);
    expect(changed!.value).toEqual({ list: ['pizzas', 'postres'] });
  });

  it('never stores a rebuild that started before it', async () => {
    const { compute, pending } = pendingComputations();
    let now = 1000;
    const cache = new ResponseCache(10, () => now);
    pending.length = 0;
    const first = cache.get('categories', compute);
    pending[0]!.resolve({ version: 1 });
    await first;
    now = 2000; // past the TTL: the next get serves it and starts a rebuild
    await cache.get('categories', compute);
    cache.expire((key) => key === 'categories');
    pending[1]!.resolve({ version: 2 });
    const after = cache.get('categories', compute);
    pending[2]!.resolve({ version: 3 });
    expect(version(await after)).toBe(3);
  });
});

describe('toCachedBody', () => {
  it('makes the brotli and gzip variants with the body, from the same JSON', async () => {
    const value = {
      results: Array.from({ length: 200 }, (_, id) => ({ id, title: `Producto ${id}` })),
    };
    const body = await toCachedBody(value);
    expect(body.json.toString()).toBe(JSON.stringify(value));
    expect(brotliDecompressSync(body.br!).equals(body.json)).toBe(true);
    expect(gunzipSync(body.gzip!).equals(body.json)).toBe(true);
    expect(body.br!.length).toBeLessThan(body.json.length);
  });

  it('leaves small answers uncompressed', async () => {
    const body = await toCachedBody({ results: [] });
    expect(body.br).toBeUndefined();
    expect(body.gzip).toBeUndefined();
  });
});

describe('chooseVariant', () => {
  it('reads each Accept-Encoding as it says, the same one again and again or hundreds of different ones', async () => {
    const body = await toCachedBody({
      results: Array.from({ length: 200 }, (_, id) => ({ id, title: `Producto ${id}` })),
    });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 150; i++) {
        const extra = `x-${round}-${i}`;
        expect(chooseVariant(body, `gzip, deflate, br, ${extra}`)).toBe('br');
        expect(chooseVariant(body, `gzip, br;q=0, ${extra}`)).toBe('gzip');
        expect(chooseVariant(body, `identity, ${extra}`)).toBe('identity');
      }
    }
    expect(chooseVariant(body, undefined)).toBe('identity');
    expect(chooseVariant(await toCachedBody({ results: [] }), 'br')).toBe('identity');
  });
});

describe('sendCached', () => {
  it('sends the variants made with the body and never compresses on the request path', async () => {
    const value = {
      results: Array.from({ length: 200 }, (_, id) => ({ id, title: `Producto ${id}` })),
    };
    const built = await toCachedBody(value);
    // The same answer without its variants, as if they had not been made: it must go out plain.
    const bare: CachedBody = { value: built.value, json: built.json, etag: built.etag };
    const app = Fastify();
    app.get('/built', (request, reply) => sendCached(request, reply, built, 'public'));
    app.get('/bare', (request, reply) => sendCached(request, reply, bare, 'public'));
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };

    const br = await app.inject({ url: '/built', headers });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(built.br!)).toBe(true);
    const gz = await app.inject({ url: '/built', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.rawPayload.equals(built.gzip!)).toBe(true);

    const plain = await app.inject({ url: '/bare', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(built.json)).toBe(true);
    expect(bare.br).toBeUndefined();
    await app.close();
  });
});
