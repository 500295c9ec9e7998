import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { toCachedBytes, type PeekStamp } from '../../lib/response-cache';
import { pageStore, type MadePage, type ServedPage } from './page-store';

export type { ServedPage } from './page-store';

/** The storefront's server-side entry (apps/web/src/entry-server.tsx, built into dist/.ssr). */
interface ServerEntry {
  render(
    path: string,
    branchId: number | null,
    catalog: ServerCatalog,
    origin: string,
    delivery: ServerDelivery | null,
    brand: string,
  ): Promise<RenderedPage | null>;
  /** Whether a path is a storefront route (router.tsx); any other is answered 404. */
  isStorefrontPath?(path: string): boolean;
}
/** The order type the visitor's cookie says: a delivery (and where to), or `null`, a pickup. */
interface ServerDelivery {
  neighbourhood: string | null;
}
interface ServerCatalog {
  branches(): Promise<unknown>;
  banners(): Promise<unknown>;
  categories(): Promise<unknown>;
  category(slug: string, branchId: number): Promise<unknown>;
  product(slug: string, branchId: number): Promise<unknown>;
  chainCategory(slug: string): Promise<unknown>;
  chainProduct(slug: string): Promise<unknown>;
  coverage(neighbourhood: string): Promise<unknown>;
}
export interface RenderedPage {
  status: 200 | 404;
  head: string;
  body: string;
  state: string | null;
}

/** The cookie the storefront mirrors the chosen branch in (apps/web/src/stores/device-session.ts). */
const BRANCH_COOKIE = /(?:^|;\s*)comanda_branch=(\d{1,9})(?:;|$)/;
/**
 * The cookie the storefront mirrors a delivery in (same module): present for a delivery, its
 * value the neighbourhood (URI-encoded, empty while none is chosen); absent for a pickup.
 */
const DELIVERY_COOKIE = /(?:^|;\s*)comanda_delivery=([^;]{0,1100})(?:;|$)/;
/** As the storefront keeps a neighbourhood (session-state.ts `sanitizeDeliveryTo`). */
const NEIGHBOURHOOD_MAX = 120;

function deliveryOf(cookie: string): ServerDelivery | null {
  const value = DELIVERY_COOKIE.exec(cookie)?.[1];
  if (value === undefined) return null;
  let neighbourhood: string;
  try {
    neighbourhood = decodeURIComponent(value).trim();
  } catch {
    // Not the storefront's encoding: a delivery whose place the page asks for again.
    neighbourhood = '';
  }
  return { neighbourhood: neighbourhood ? neighbourhood.slice(0, NEIGHBOURHOOD_MAX) : null };
}
/**
 * A cached answer as the cache serves it fresh (`undefined` when it would not, at once), lowering
 * the stamp to the instant it turns stale.
 */
type Peek = (stamp: PeekStamp) => { value: unknown } | null | undefined;

/** Whose page it is: the visitor's branch and order type, as their cookies say. */
export interface Visitor {
  branchId: number | null;
  delivery: ServerDelivery | null;
}

export function visitorOf(cookie: string | undefined): Visitor {
  const branchId = Number(BRANCH_COOKIE.exec(cookie ?? '')?.[1] ?? Number.NaN);
  return {
    branchId: Number.isSafeInteger(branchId) ? branchId : null,
    delivery: deliveryOf(cookie ?? ''),
  };
}

/** Whether every answer the page was rendered from is still the one the cache gives. */
async function stillValid(cached: MadePage): Promise<boolean> {
  for (const { read, value } of cached.reads) if ((await read()) !== value) return false;
  return true;
}

// The page shows the order type, and a delivery's neighbourhood: each is a page of its own.
const keyOf = (path: string, { branchId, delivery }: Visitor, origin: string) =>
  `${branchId ?? '-'} ${delivery ? `d:${delivery.neighbourhood ?? ''}` : 'p'} ${origin}${path}`;

/** Reads one cached answer and gives its `results` (null for "not found"). */
type ReadResults = (
  read: () => Promise<{ value: unknown } | null | undefined>,
  peek: Peek | null,
) => Promise<unknown>;

/** Reads answers for one render, noting each in `reads`: the page is kept while they hold. */
function noteReads(reads: MadePage['reads']): ReadResults {
  return async (read, peek) => {
    const answer = () => read().then((cachedAnswer) => cachedAnswer?.value ?? null);
    const value = await answer();
    reads.push({ read: answer, peek, value });
    return (value as { results?: unknown } | null)?.results ?? null;
  };
}

/** The catalogue as the server entry reads it: each answer the cached one, read through `results`. */
function catalogReaders(
  { catalog, chainMenu, delivery }: Pick<FastifyInstance, 'catalog' | 'chainMenu' | 'delivery'>,
  results: ReadResults,
): ServerCatalog {
  return {
    branches: () => results(() => catalog.branches(), catalog.fresh.branches),
    banners: () => results(() => catalog.banners(), catalog.fresh.banners),
    categories: () => results(() => catalog.categories(), catalog.fresh.categories),
    category: (slug, branch) =>
      results(
        () => catalog.category(slug, branch),
        (stamp) => catalog.fresh.category(slug, branch, stamp),
      ),
    product: (slug, branch) =>
      results(
        () => catalog.product(slug, branch),
        (stamp) => catalog.fresh.product(slug, branch, stamp),
      ),
    chainCategory: (slug) =>
      results(
        () => chainMenu.category(slug),
        (stamp) => chainMenu.fresh.category(slug, stamp),
      ),
    chainProduct: (slug) =>
      results(
        () => chainMenu.product(slug),
        (stamp) => chainMenu.fresh.product(slug, stamp),
      ),
    // Made from the catalogue's branch list, and dropped with it (delivery/service.ts). Not
    // peeked: a delivery visitor's page is the route's.
    coverage: (neighbourhood) => results(() => delivery.coverage(neighbourhood), null),
  };
}

/**
 * Server rendering of the storefront's first screens (decision 030): the page of a path and a
 * visitor is rendered from the catalogue's cached answers and kept while those answers are the
 * same objects. A change that drops or rebuilds one of them (an admin edit, a sold-out switch,
 * the banners' midnight, on any node) makes it be rendered again, and what it heard on the
 * catalogue's channel tells which pages: page-store.ts serves the last good page meanwhile,
 * within a second, except after a sold-out switch (decision 089).
 */
export type ServerRender = ReturnType<typeof serverRenderer>;

function serverRenderer(app: FastifyInstance, entry: ServerEntry) {
  const store = pageStore({
    clock: app.clock,
    log: app.log,
    // Peeking at every read on every request cost more than the rest of the fast path: once all
    // were found fresh, the stamp says until when they stay so (nothing stored or dropped in the
    // cache, none past its TTL). The chain's merged answers change only with the answers they
    // are merged from (or, evicted and merged again from the same ones, into the same bytes).
    isFresh: (kept) =>
      app.catalog.fresh.recheck(kept, (stamp) =>
        kept.reads.every(({ peek, value }) => {
          const answer = peek?.(stamp);
          return answer !== undefined && (answer?.value ?? null) === value;
        }),
      ) !== null,
    stillValid,
  });
  app.catalogEvents.subscribe((change) => store.changed(change));

  /**
   * The kept page if it may be sent at once: current, or its next version being made within the
   * grace. Synchronous, for the fast path (page-fast-path.ts); `undefined` leaves the request to
   * the route.
   */
  const fresh = (path: string, visitor: Visitor, origin: string): ServedPage | undefined =>
    store.fresh(keyOf(path, visitor, origin));

  /** `frame` puts the rendered page into its index.html (preloads, the LCP image). */
  const render = (
    path: string,
    visitor: Visitor,
    origin: string,
    brand: string,
    frame: (page: RenderedPage) => Promise<string>,
  ): Promise<ServedPage | null> =>
    store.get(keyOf(path, visitor, origin), path, visitor.branchId, {
      input: brand,
      run: () => make(path, visitor, origin, brand, frame),
    });

  async function make(
    path: string,
    visitor: Visitor,
    origin: string,
    brand: string,
    frame: (page: RenderedPage) => Promise<string>,
  ): Promise<MadePage | null> {
    const reads: MadePage['reads'] = [];
    const rendered = await entry.render(
      path,
      visitor.branchId,
      catalogReaders(app, noteReads(reads)),
      origin,
      visitor.delivery,
      brand,
    );
    if (!rendered) return null;
    // Compressed once here (on the thread pool), like the API's cached answers, never per request.
    const body = await toCachedBytes(Buffer.from(await frame(rendered)));
    return { page: { status: rendered.status, body }, reads, checked: null };
  }
  return { render, fresh, idle: store.idle };
}

/** index.html (with its screen's preloads) around a rendered page. */
export function pageHtml(template: string, page: RenderedPage): string {
  // The answers are in the page: preloading them again would only be a download nobody reads.
  let html = template.replace(/<link rel="preload" as="fetch"[^>]*>/g, '');
  // The page names itself: index.html's generic title and description give way.
  if (page.head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (page.head.includes('name="description"'))
    html = html.replace(/<meta name="description"[^>]*>/, '');
  const state =
    page.state === null
      ? ''
      : `<script type="application/json" id="ssr-state">${page.state}</script>`;
  return html
    .replace('</head>', `${page.head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>${state}`);
}

/**
 * The server-side entry's renderer, or null: not built, or not loadable (its packages missing).
 * Either way the storefront is still served, rendered in the browser.
 */
export async function loadServerEntry(
  app: FastifyInstance,
  file: string,
): Promise<{
  render: ReturnType<typeof serverRenderer> | null;
  isStorefrontPath: ((path: string) => boolean) | null;
}> {
  if (!existsSync(file)) {
    app.log.warn({ file }, 'storefront has no server entry: its pages are not server-rendered');
    return { render: null, isStorefrontPath: null };
  }
  try {
    const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
    return {
      render: serverRenderer(app, entry),
      isStorefrontPath: entry.isStorefrontPath?.bind(entry) ?? null,
    };
  } catch (error) {
    app.log.error(
      { err: error, file },
      'could not load the storefront server entry: its pages are not server-rendered',
    );
    return { render: null, isStorefrontPath: null };
  }
}

/** The rendered page of `path` for the visitor's branch and order type; null (the plain SPA) if not rendered or failed. */
export async function renderPage(
  render: ServerRender | null,
  cookie: string | undefined,
  path: string,
  origin: string,
  /** The chain's brand name: the rendered header and titles show it (decision 046). */
  brand: string,
  frame: (page: RenderedPage) => Promise<string>,
  app: FastifyInstance,
): Promise<ServedPage | null> {
  if (!render) return null;
  try {
    return await render.render(path, visitorOf(cookie), origin, brand, frame);
  } catch (error) {
    // The page still works as the single-page app renders it in the browser.
    app.log.error({ err: error, path }, 'could not render the page on the server');
    return null;
  }
}
