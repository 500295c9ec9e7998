import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Serialized answers kept in memory, each with its ETag and its gzip and brotli variants.
 * The catalogue is read by every customer and changes rarely, so it is serialized and compressed
 * once per change instead of once per request (decisions 004 and 017, docs/benchmarks.md).
 */
export interface CachedBody {
  /** The answer itself, for the rare caller that must personalise it. */
  value: unknown;
  /** UTF-8 bytes of the JSON, encoded once rather than on every write. */
  json: Buffer;
  etag: string;
  /** Made when the body is built, off the main thread; absent below the compression threshold. */
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Browsers and proxies may reuse a cached public answer for 30 s and revalidate with the ETag
 * after that; the order flow re-checks everything on the server, so brief staleness is harmless.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

/** Every cached answer comes in several encodings. */
export const VARY_ENCODING = 'Accept-Encoding';

/** The content type of every cached answer. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Below this size compression saves less than its headers and CPU cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli 5: on catalogue answers it is within ~7 % of quality 11's size at a five-hundredth of
 * its CPU (0.7 ms against 370 ms for a 160 KB category). With the back office dropping the
 * cache on every menu change, quality 11 would not pay for itself.
 */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 9;

/**
 * One key's answer. `body` is what is served; `rebuild` is the computation in flight, shared by
 * every request that needs it. `expiresAt` is soft (past it, `body` is served while a rebuild
 * runs); `hardUntil` is not (a timed pause ended: the old answer is wrong, not just old).
 */
interface Slot {
  body: CachedBody | null | undefined;
  expiresAt: number;
  hardUntil: number;
  rebuild: Promise<CachedBody | null> | null;
  /** When the rebuild in flight started. */
  rebuildStarted: number;
}

/**
 * What a set of peeks depended on, so that a caller may keep what it made of them without
 * peeking again while the stamp `holds`: the cache's version when they were made (bumped by every
 * answer stored or dropped) and the earliest instant one of them turns stale on its own (its TTL
 * or its `validUntil`). Each peek given the stamp lowers `until` to its answer's.
 */
export interface PeekStamp {
  version: number;
  until: number;
}

export class ResponseCache {
  private readonly slots = new Map<string, Slot>();
  /** Bumped by every answer stored and every slot dropped (see PeekStamp). */
  private version = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /**
     * How a value becomes a cached body, given the one it replaces; tests replace it to hold a
     * rebuild open.
     */
    private readonly build: (
      value: unknown,
      previous: CachedBody | null,
    ) => Promise<CachedBody> = toCachedBody,
  ) {}

  /**
   * The cached answer for `key`, computing it when missing or stale. `compute` answers null for
   * "not found"; that is cached too, so unknown slugs cost no query either (the key space is
   * bounded by the route's validated params; see `maxEntries`).
   *
   * Concurrent callers share one computation. Past the TTL the previous answer is served at
   * once while the rebuild runs; after `forget`/`clear` (the data changed) or past the instant
   * `validUntil` names, callers wait for the new answer instead, and a computation that started
   * before the change is never stored.
   */
  get(
    key: string,
    compute: () => Promise<unknown>,
    /** An instant (ms) at which this answer turns stale sooner than the TTL, e.g. a pause ending. */
    validUntil?: (value: unknown) => number | null,
  ): Promise<CachedBody | null> {
    const now = this.now();
    let slot = this.slots.get(key);
    // Past the answer's hard end, a rebuild that started before it computed the old answer
    // again (a daypart that just closed): it is left to its own callers, and a new one starts.
    if (slot?.rebuild && now >= slot.hardUntil && slot.rebuildStarted < slot.hardUntil) {
      this.slots.delete(key);
      this.version++;
      slot = undefined;
    }
    if (slot && slot.body !== undefined && now < slot.hardUntil) {
      if (now >= slot.expiresAt) this.rebuild(key, slot, compute, validUntil);
      return Promise.resolve(slot.body);
    }
    if (!slot) {
      if (this.slots.size >= ResponseCache.maxEntries) this.clear();
      slot = { body: undefined, expiresAt: 0, hardUntil: 0, rebuild: null, rebuildStarted: 0 };
      this.slots.set(key, slot);
    }
    return this.rebuild(key, slot, compute, validUntil);
  }

  /** Starts (or joins) the slot's rebuild; stores the result only if the slot is still current. */
  private rebuild(
    key: string,
    slot: Slot,
    compute: () => Promise<unknown>,
    validUntil: ((value: unknown) => number | null) | undefined,
  ): Promise<CachedBody | null> {
    if (slot.rebuild) return slot.rebuild;
    const started = this.now();
    slot.rebuildStarted = started;
    const rebuild = compute().then(async (value) => {
      const body = value == null ? null : await this.build(value, slot.body ?? null);
      // A `forget` or `clear` since the start replaced or dropped this slot: the answer may hold
      // the old data, so it goes to the callers that asked before the change and no further.
      if (this.slots.get(key) === slot) {
        slot.body = body;
        slot.expiresAt = started + this.ttlMs;
        // A "not found" may turn stale too: a product outside its daypart is found once it starts.
        slot.hardUntil = validUntil?.(value) ?? Infinity;
        slot.rebuild = null;
        this.version++;
      }
      return body;
    });
    slot.rebuild = rebuild;
    // A failed computation is not remembered: the next caller tries again, and a stale answer,
    // if there is one, keeps being served meanwhile.
    rebuild.catch(() => {
      if (slot.rebuild === rebuild) slot.rebuild = null;
      if (slot.body === undefined && this.slots.get(key) === slot) {
        this.slots.delete(key);
        this.version++;
      }
    });
    return rebuild;
  }

  /**
   * The answer for `key` if it can be served as it is, without a rebuild and without waiting:
   * present and within its TTL (and before its `validUntil`). `undefined` otherwise, including
   * past the TTL, where `get` would serve it but must also start the rebuild. `null` is a cached
   * "not found". Synchronous, for the catalogue's fast path (modules/catalog/fast-path.ts).
   * With a `stamp`, an answer it gives lowers the stamp's `until` to the instant it turns stale.
   */
  peek(key: string, stamp?: PeekStamp): CachedBody | null | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    const now = this.now();
    if (now >= slot.expiresAt || now >= slot.hardUntil) return undefined;
    if (stamp) stamp.until = Math.min(stamp.until, slot.expiresAt, slot.hardUntil);
    return slot.body;
  }

  /** A stamp for the peeks about to be made (see PeekStamp). */
  stamp(): PeekStamp {
    return { version: this.version, until: Infinity };
  }

  /**
   * Whether every peek made with `stamp` would answer the same now, with the same objects:
   * nothing stored or dropped since, and none of those answers past its TTL or its instant.
   */
  holds(stamp: PeekStamp): boolean {
    return stamp.version === this.version && this.now() < stamp.until;
  }

  /**
   * The stamp under which what `kept` was made of is still fresh: its own while that holds, else
   * a new one if `peekAll` (peeking with it at everything `kept` was made of) finds it all
   * unchanged, remembered in `kept` for the next request; null when something changed. The one
   * way a fast path skips peeking at every answer on every request.
   */
  recheck(
    kept: { checked: PeekStamp | null },
    peekAll: (stamp: PeekStamp) => boolean,
  ): PeekStamp | null {
    if (kept.checked && this.holds(kept.checked)) return kept.checked;
    const stamp = this.stamp();
    if (!peekAll(stamp)) return null;
    kept.checked = stamp;
    return stamp;
  }

  /** Forget everything, e.g. after the menu changes. */
  clear(): void {
    this.slots.clear();
    this.version++;
  }

  /**
   * Makes the answers whose key matches be built again before they are served, as past their
   * `validUntil`, but keeps them as the previous answer: one that serializes to the same bytes
   * stays the same object, so what was made of it by identity (a rendered page) stays valid.
   */
  expire(matches: (key: string) => boolean): void {
    const now = this.now();
    for (const [key, slot] of this.slots) {
      if (!matches(key) || slot.body === undefined) continue;
      slot.expiresAt = Math.min(slot.expiresAt, now);
      slot.hardUntil = now;
      // A rebuild in flight may have read the data before the change: it stays its callers'.
      if (slot.rebuild) this.slots.set(key, { ...slot, rebuild: null });
    }
    this.version++;
  }

  /** Forget the answers whose key matches, e.g. one branch's after a product sells out there. */
  forget(matches: (key: string) => boolean): void {
    let dropped = false;
    for (const key of this.slots.keys()) {
      if (matches(key)) {
        this.slots.delete(key);
        dropped = true;
      }
    }
    if (dropped) this.version++;
  }

  static readonly maxEntries = 10_000;
}

/**
 * JSON, ETag and, past the threshold, both compressed variants (on libuv's thread pool). An
 * answer that serializes to the bytes of the one it replaces (`previous`: the TTL's rebuild of
 * an answer nothing changed) is that same object: whatever was made from it by identity (a
 * rendered page, the chain's menu) stays valid, and nothing is compressed again.
 */
export async function toCachedBody(
  value: unknown,
  previous: CachedBody | null = null,
): Promise<CachedBody> {
  const json = Buffer.from(JSON.stringify(value));
  if (previous?.json.equals(json)) return previous;
  return toCachedBytes(json, value);
}

/**
 * Any bytes (a server-rendered page, plugins/web.ts) with their ETag and, past the threshold,
 * both compressed variants; `json` then holds those bytes as they are.
 */
export async function toCachedBytes(json: Buffer, value: unknown = null): Promise<CachedBody> {
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  if (json.length < COMPRESS_MIN_BYTES) return { value, json, etag };
  const [br, gz] = await Promise.all([
    brotliAsync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzipAsync(json, { level: GZIP_LEVEL }),
  ]);
  return { value, json, etag, br, gzip: gz };
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

/** Whether an `If-None-Match` names this ETag (a 304 answers it). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type Variant = 'br' | 'gzip' | 'identity';

interface Accepted {
  br: boolean;
  gzip: boolean;
}
const ACCEPTS_NONE: Accepted = { br: false, gzip: false };
/**
 * A browser sends the same Accept-Encoding on every request, so its reading is remembered rather
 * than parsed again per answer; bounded, so that made-up headers cost only their parsing.
 */
const acceptedByHeader = new Map<string, Accepted>();
const ACCEPTED_MAX = 64;

function accepted(header: string | undefined): Accepted {
  if (!header) return ACCEPTS_NONE;
  let found = acceptedByHeader.get(header);
  if (!found) {
    if (acceptedByHeader.size >= ACCEPTED_MAX) acceptedByHeader.clear();
    found = { br: accepts(header, 'br'), gzip: accepts(header, 'gzip') };
    acceptedByHeader.set(header, found);
  }
  return found;
}

/** The best variant of `body` for an `Accept-Encoding`: brotli, then gzip, else the JSON. */
export function chooseVariant(body: CachedBody, acceptEncoding: string | undefined): Variant {
  const { br, gzip } = accepted(acceptEncoding);
  if (body.br && br) return 'br';
  if (body.gzip && gzip) return 'gzip';
  return 'identity';
}

/** The bytes of one variant (`chooseVariant` names only variants the body has). */
export function variantBytes(body: CachedBody, variant: Variant): Buffer {
  return (variant === 'identity' ? body.json : body[variant]) ?? body.json;
}

/**
 * Sends a cached answer: 304 when the client has it, else the best encoding it accepts. Never
 * compresses: the variants were made with the body, off the request path. The catalogue's fast
 * path (modules/catalog/fast-path.ts) answers the same way from the same functions.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl: string,
  vary = VARY_ENCODING,
) {
  reply.headers({ etag: body.etag, 'cache-control': cacheControl, vary });
  if (etagMatches(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', JSON_CONTENT_TYPE);
  const variant = chooseVariant(body, request.headers['accept-encoding']);
  if (variant !== 'identity') reply.header('content-encoding', variant);
  return reply.send(variantBytes(body, variant));
}
