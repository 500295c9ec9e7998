import { contract, type Contract, type Route as ContractRoute } from '@comanda/shared';
import fp from 'fastify-plugin';
import type { OutgoingHttpHeaders } from 'node:http';
import type { z } from 'zod';
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
import {
  switchableFastPath,
  switchWithApp,
  writeAnswer,
  type FastPathLog,
  type SwitchableFastPath,
} from '../../lib/fast-path';
import { SECURITY_HEADERS } from '../../plugins/security';
import { CACHE_CONTROL, VARY_BY_USER } from './routes';
import type { ChainMenu } from './chain-menu';
import type { CatalogService } from './service';

/**
 * The catalogue's fast path (decision 023): an anonymous GET of a public catalogue answer that is
 * fresh in the response cache — the endpoints the contract marks `cache: { fastPath: true }`
 * (decision 063): the branch list, categories, banners, payment methods, social
 * links, survey parameters, a branch's coupon, a category or a product at a branch, and the
 * chain's category and product before a branch is chosen — is answered here, on node:http,
 * before Fastify's routing, with the status, headers and bytes the routes would send
 * (`sendCached`, the security plugin's headers). For these answers, complete in memory,
 * Fastify's routing, hooks and reply cost about as much CPU as writing the answer does.
 *
 * Everything else goes to Fastify untouched: another path or method (HEAD too), params the
 * route's schema refuses, a query string, a token in Authorization on a product (its `favorite`),
 * an answer not cached, cached as "not found", past its TTL (the route serves it and starts the
 * rebuild) or dropped by a catalogue change; and every request while the fast path is off
 * (before the app is ready, while it closes, and at LOG_LEVEL debug/trace, where Fastify logs
 * each request).
 */
export type CatalogFastPath = SwitchableFastPath<CatalogSource>;

declare module 'fastify' {
  interface FastifyInstance {
    catalogFastPath: CatalogFastPath;
  }
}

export interface CatalogSource extends FastPathLog {
  catalog: CatalogService;
  chainMenu: ChainMenu;
}

/** Every header of an answer, made once per cached body: 304, then one per variant it has. */
interface Heads {
  notModified: OutgoingHttpHeaders;
  ok: Partial<Record<Variant, OutgoingHttpHeaders>>;
}

/** How to peek at the answer one URL names. */
type Peek = (source: CatalogSource) => CachedBody | null | undefined;

interface FastRoute {
  /** What follows the route's path, read by its params schema: null when it refuses it. */
  read: (rest: string) => Peek | null;
  vary: string;
  /** A token makes it someone's answer (a product's `favorite`): only the route may give it. */
  personal: boolean;
  heads: WeakMap<CachedBody, Heads>;
}

/** The contract entries marked `cache: { fastPath: true }` (decision 063). */
type FastPathName = {
  [K in keyof Contract]: Contract[K] extends { readonly cache: { readonly fastPath: true } }
    ? K
    : never;
}[keyof Contract];

type ParamsOf<K extends FastPathName> = Contract[K] extends { readonly params: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : Record<string, never>;

/**
 * Where each marked entry's cached answer is peeked at, by its validated params: every entry the
 * contract marks must have one (the type says so), and no other may.
 */
const PEEKS: {
  [K in FastPathName]: (source: CatalogSource, params: ParamsOf<K>) => ReturnType<Peek>;
} = {
  getBranches: ({ catalog }) => catalog.fresh.branches(),
  getCategories: ({ catalog }) => catalog.fresh.categories(),
  getBanners: ({ catalog }) => catalog.fresh.banners(),
  getCategory: ({ catalog }, p) => catalog.fresh.category(p.slug, p.branchId),
  getProduct: ({ catalog }, p) => catalog.fresh.product(p.slug, p.branchId),
  getChainCategory: ({ chainMenu }, p) => chainMenu.fresh.category(p.slug),
  getChainProduct: ({ chainMenu }, p) => chainMenu.fresh.product(p.slug),
  getPaymentTypes: ({ catalog }) => catalog.fresh.paymentTypes(),
  getParameters: ({ catalog }, p) => catalog.fresh.parameters(p.segment),
  getCoupon: ({ catalog }, p) => catalog.fresh.coupon(p.id),
  getSocialLinks: ({ catalog }) => catalog.fresh.socialLinks(),
};

/** A marked entry's path: what comes before its params, and their names (always the last segments). */
function shapeOf(entry: ContractRoute) {
  const segments = entry.path.split('/');
  const first = segments.findIndex((segment) => segment.startsWith(':'));
  const names = first === -1 ? [] : segments.slice(first).map((segment) => segment.slice(1));
  if (names.some((name) => name.includes(':') || name === ''))
    throw new Error(`${entry.path}: the fast path reads params only at the end of a path`);
  const prefix = first === -1 ? entry.path : `${segments.slice(0, first).join('/')}/`;
  return { prefix, names };
}

/**
 * The route of a marked entry: its own params schema reads what follows its prefix, one segment
 * per param; what it refuses (or would read differently, such as a query string, which no
 * schema's characters allow) goes to the route. A token makes an `optional` entry's answer
 * someone's (a product's `favorite`): only the route may give it.
 */
function fastRoute(
  entry: ContractRoute,
  peek: (source: CatalogSource, params: never) => ReturnType<Peek>,
) {
  const { prefix, names } = shapeOf(entry);
  const personal = entry.access === 'optional';
  const read = (rest: string): Peek | null => {
    if (names.length === 0) return rest === '' ? (source) => peek(source, {} as never) : null;
    const values = rest.split('/');
    if (values.length !== names.length || !entry.params) return null;
    const params = entry.params.safeParse(
      Object.fromEntries(names.map((name, index) => [name, values[index]])),
    ).data;
    return params ? (source) => peek(source, params as never) : null;
  };
  const route: FastRoute = {
    read,
    vary: personal ? VARY_BY_USER : VARY_ENCODING,
    personal,
    heads: new WeakMap(),
  };
  return { prefix, exact: names.length === 0, route };
}

const FAST_ROUTES = (Object.keys(PEEKS) as FastPathName[]).map((name) =>
  fastRoute(
    contract[name],
    PEEKS[name] as (source: CatalogSource, params: never) => ReturnType<Peek>,
  ),
);

/** The routes' anonymous answers, by exact path… */
const EXACT = new Map(FAST_ROUTES.filter((r) => r.exact).map((r) => [r.prefix, r.route]));

/** …and by the prefix their params follow (the longest first). */
const PREFIXED: readonly (readonly [string, FastRoute])[] = FAST_ROUTES.filter((r) => !r.exact)
  .sort((a, b) => b.prefix.length - a.prefix.length)
  .map((r) => [r.prefix, r.route] as const);

/** What a URL asks for, as its route's schema reads it. */
interface Reading {
  route: FastRoute;
  peek: Peek;
}

/**
 * Each URL's reading (null: not one of these routes, or params its schema refuses), remembered:
 * storefronts ask for the same few hundred URLs again and again, and the schema's parse was a
 * tenth of the fast path's CPU. Bounded, so that made-up URLs cost only their reading.
 */
const readings = new Map<string, Reading | null>();
const READINGS_MAX = 4_096;

function readingOf(url: string): Reading | null {
  let reading = readings.get(url);
  if (reading !== undefined) return reading;
  reading = null;
  const exact = EXACT.get(url);
  const prefixed = exact ? undefined : PREFIXED.find(([prefix]) => url.startsWith(prefix));
  const found = exact ?? prefixed?.[1];
  const peek = found?.read(prefixed ? url.slice(prefixed[0].length) : '');
  if (found && peek) reading = { route: found, peek };
  if (readings.size >= READINGS_MAX) readings.clear();
  readings.set(url, reading);
  return reading;
}

/** In the order Fastify writes them: the security hook's, then sendCached's, then the length. */
function headsFor(route: FastRoute, body: CachedBody): Heads {
  let heads = route.heads.get(body);
  if (heads) return heads;
  const notModified = {
    ...SECURITY_HEADERS,
    etag: body.etag,
    'cache-control': CACHE_CONTROL,
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
  return switchableFastPath<CatalogSource>((source, request, response) => {
    if (request.method !== 'GET') return false;
    const reading = readingOf(request.url ?? '');
    if (!reading) return false;
    const { route } = reading;
    // The same reading of the header as the route's optionalUser: an empty bearer is anonymous.
    if (route.personal && bearerToken(request.headers.authorization) !== null) return false;
    const body = reading.peek(source);
    if (!body) return false;

    const heads = headsFor(route, body);
    if (etagMatches(request.headers['if-none-match'], body.etag)) {
      writeAnswer(request, response, 304, heads.notModified, null, source);
    } else {
      const variant = chooseVariant(body, request.headers['accept-encoding']);
      writeAnswer(request, response, 200, heads.ok[variant]!, variantBytes(body, variant), source);
    }
    return true;
  });
}

/**
 * Runs the fast path while the app is ready (`switchWithApp`). Off altogether when Fastify logs
 * every request (LOG_LEVEL debug or trace): those lines must not miss any request.
 */
export const catalogFastPathPlugin = fp<{
  fastPath: CatalogFastPath;
  slowMs: number;
  enabled: boolean;
}>(
  async (app, { fastPath, slowMs, enabled }) => {
    app.decorate('catalogFastPath', fastPath);
    if (!enabled) return;
    switchWithApp(app, fastPath, () => ({
      catalog: app.catalog,
      chainMenu: app.chainMenu,
      log: app.log,
      slowMs,
    }));
  },
  { name: 'catalog-fast-path', dependencies: ['catalog'] },
);
