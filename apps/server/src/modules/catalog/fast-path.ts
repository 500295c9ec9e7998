import { catalogParams } from '@comanda/shared';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { bearerToken } from '../../lib/bearer-token';
import {
  chooseVariant,
  etagMatches,
  JSON_CONTENT_TYPE,
  VARY_ENCODING,
  variantBytes,
  type CachedBody,
  type Variant,
} from '../../lib/response-cache';
import { logIfNotable } from '../../plugins/request-log';
import { SECURITY_HEADERS } from '../../plugins/security';
import { CACHE_CONTROL, VARY_BY_USER } from './routes';
import type { CatalogService } from './service';

/**
 * The catalogue's fast path (decision 023): an anonymous GET of a category or a product at a
 * branch whose answer is fresh in the response cache is answered here, on node:http, before
 * Fastify's routing — with the status, headers and bytes the routes would send (`sendCached`, the
 * security plugin's headers). These are the storefront's most frequent requests, and for them
 * Fastify's routing, hooks and reply cost as much CPU as the answer itself.
 *
 * Everything else goes to Fastify untouched: another path or method (HEAD too), params the
 * route's schema refuses, a token in Authorization on a product (its `favorite`), an answer not
 * cached, cached as "not found", past its TTL (the route serves it and starts the rebuild) or
 * dropped by a catalogue change; and every request while the fast path is off (before the app is
 * ready, while it closes, and at LOG_LEVEL debug/trace, where Fastify logs each request).
 */
export interface CatalogFastPath {
  /** Answers the request and returns true, or returns false having written nothing. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many requests it has answered. */
  readonly answered: number;
  /** Turns it on, with what it answers from and where it logs. */
  start(options: { catalog: CatalogService; log: FastifyBaseLogger; slowMs: number }): void;
  /** Turns it off: every request goes to Fastify. */
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogFastPath: CatalogFastPath;
  }
}

/** Every header of an answer, made once per cached body: 304, then one per variant it has. */
interface Heads {
  notModified: OutgoingHttpHeaders;
  ok: Partial<Record<Variant, OutgoingHttpHeaders>>;
}

interface Route {
  prefix: string;
  fresh: (catalog: CatalogService, slug: string, branchId: number) => CachedBody | null | undefined;
  cacheControl: string;
  vary: string;
  /** A token makes it someone's answer (a product's `favorite`): only the route may give it. */
  personal: boolean;
  heads: WeakMap<CachedBody, Heads>;
}

/** The routes' own policy (routes.ts): the anonymous answers of these two routes. */
const ROUTES: readonly Route[] = [
  {
    prefix: '/api/category/',
    fresh: (catalog, slug, branchId) => catalog.fresh.category(slug, branchId),
    cacheControl: CACHE_CONTROL,
    vary: VARY_ENCODING,
    personal: false,
    heads: new WeakMap(),
  },
  {
    prefix: '/api/products/',
    fresh: (catalog, slug, branchId) => catalog.fresh.product(slug, branchId),
    cacheControl: CACHE_CONTROL,
    vary: VARY_BY_USER,
    personal: true,
    heads: new WeakMap(),
  },
];

function routeOf(url: string): Route | undefined {
  for (const route of ROUTES) if (url.startsWith(route.prefix)) return route;
  return undefined;
}

/** In the order Fastify writes them: the security hook's, then sendCached's, then the length. */
function headsFor(route: Route, body: CachedBody): Heads {
  let heads = route.heads.get(body);
  if (heads) return heads;
  const notModified = {
    ...SECURITY_HEADERS,
    etag: body.etag,
    'cache-control': route.cacheControl,
    vary: route.vary,
  };
  const ok: Heads['ok'] = {};
  for (const variant of ['identity', 'br', 'gzip'] as const) {
    if (variant !== 'identity' && !body[variant]) continue;
    ok[variant] = {
      ...notModified,
      'content-type': JSON_CONTENT_TYPE,
      ...(variant === 'identity' ? {} : { 'content-encoding': variant }),
      'content-length': variantBytes(body, variant).length,
    };
  }
  heads = { notModified, ok };
  route.heads.set(body, heads);
  return heads;
}

export function createCatalogFastPath(): CatalogFastPath {
  let source: { catalog: CatalogService; log: FastifyBaseLogger; slowMs: number } | null = null;
  let answered = 0;

  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (source === null || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const route = routeOf(url);
    if (!route) return false;
    const slash = url.indexOf('/', route.prefix.length);
    if (slash === -1) return false;
    // The route's own schema: what it refuses (or would read differently) goes to the route.
    const params = catalogParams.safeParse({
      slug: url.slice(route.prefix.length, slash),
      branchId: url.slice(slash + 1),
    });
    if (!params.success) return false;
    // The same reading of the header as the route's optionalUser: an empty bearer is anonymous.
    if (route.personal && bearerToken(request.headers.authorization) !== null) return false;
    const body = route.fresh(source.catalog, params.data.slug, params.data.branchId);
    if (!body) return false;

    const started = performance.now();
    const heads = headsFor(route, body);
    if (etagMatches(request.headers['if-none-match'], body.etag)) {
      response.writeHead(304, heads.notModified);
      response.end();
    } else {
      const variant = chooseVariant(body, request.headers['accept-encoding']);
      response.writeHead(200, heads.ok[variant]);
      response.end(variantBytes(body, variant));
    }
    answered++;
    // The request log's rule, as Fastify's onResponse applies it: from the answer's start to the
    // response's close, so a client too slow to take the bytes is still reported.
    const { log, slowMs } = source;
    response.on('close', () =>
      logIfNotable(
        log,
        slowMs,
        request.method,
        url,
        response.statusCode,
        performance.now() - started,
      ),
    );
    return true;
  }

  return {
    answer,
    get answered() {
      return answered;
    },
    start(options) {
      source = options;
    },
    stop() {
      source = null;
    },
  };
}

/**
 * Starts the fast path when the app is ready and stops it as the app starts closing, so that
 * requests arriving while it drains get Fastify's 503 like every other route. Off altogether when
 * Fastify logs every request (LOG_LEVEL debug or trace): those lines must not miss any request.
 */
export const catalogFastPathPlugin = fp<{
  fastPath: CatalogFastPath;
  slowMs: number;
  enabled: boolean;
}>(
  async (app, { fastPath, slowMs, enabled }) => {
    app.decorate('catalogFastPath', fastPath);
    if (!enabled) return;
    app.addHook('onReady', (done) => {
      fastPath.start({ catalog: app.catalog, log: app.log, slowMs });
      done();
    });
    app.addHook('preClose', (done) => {
      fastPath.stop();
      done();
    });
  },
  { name: 'catalog-fast-path', dependencies: ['catalog'] },
);
