import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serialized answers kept in memory, each with its ETag and lazily made gzip/brotli variants.
 * The catalogue is read by every customer and changes rarely, so it is serialized and compressed
 * once per change instead of once per request (see docs/benchmarks.md for what this buys).
 */
export interface CachedBody {
  /** The answer itself, for the rare caller that must personalise it. */
  value: unknown;
  /** UTF-8 bytes of the JSON, encoded once rather than on every write. */
  json: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

interface Slot {
  expiresAt: number;
  body: Promise<CachedBody | null>;
}

export class ResponseCache {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached answer for `key`, computing it when missing or stale. `compute` answers null for
   * "not found"; that is cached too, so unknown slugs cost no query either (the key space is
   * bounded by the route's validated params; see `maxEntries`).
   */
  get(
    key: string,
    compute: () => Promise<unknown>,
    /** An instant (ms) at which this answer turns stale sooner than the TTL, e.g. a pause ending. */
    validUntil?: (value: unknown) => number | null,
  ): Promise<CachedBody | null> {
    const slot = this.slots.get(key);
    if (slot && slot.expiresAt > this.now()) return slot.body;
    if (this.slots.size >= ResponseCache.maxEntries) this.slots.clear();
    const fresh: Slot = { expiresAt: this.now() + this.ttlMs, body: Promise.resolve(null) };
    fresh.body = compute().then((value) => {
      const until = validUntil?.(value);
      if (until != null) fresh.expiresAt = Math.min(fresh.expiresAt, until);
      return value == null ? null : toCachedBody(value);
    });
    this.slots.set(key, fresh);
    // A failed computation must not be remembered (nor evict a newer one made meanwhile).
    fresh.body.catch(() => {
      if (this.slots.get(key) === fresh) this.slots.delete(key);
    });
    return fresh.body;
  }

  /** Forget everything, e.g. after the menu changes. */
  clear(): void {
    this.slots.clear();
  }

  /** Forget the answers whose key matches, e.g. one branch's after a product sells out there. */
  forget(matches: (key: string) => boolean): void {
    for (const key of this.slots.keys()) if (matches(key)) this.slots.delete(key);
  }

  static readonly maxEntries = 10_000;
}

export function toCachedBody(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { value, json, etag };
}

function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a cached answer: 304 when the client has it, else the best encoding it accepts. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl: string,
  vary = 'Accept-Encoding',
) {
  reply.headers({ etag: body.etag, 'cache-control': cacheControl, vary });
  if (etagMatches(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  const acceptEncoding = request.headers['accept-encoding'];
  if (body.json.length >= 1024) {
    if (accepts(acceptEncoding, 'br')) {
      body.br ??= brotliCompressSync(body.json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.json.length },
      });
      return reply.header('content-encoding', 'br').send(body.br);
    }
    if (accepts(acceptEncoding, 'gzip')) {
      body.gzip ??= gzipSync(body.json, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(body.gzip);
    }
  }
  return reply.send(body.json);
}
