import fastifyStatic from '@fastify/static';
import {
  endpoints,
  imageSources,
  MESSAGES,
  SHOWN_IMAGE_SIZES,
  type Banner,
  type Category,
  type Product,
  type ImageKind,
} from '@comanda/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  chooseVariant,
  toCachedBytes,
  variantBytes,
  VARY_ENCODING,
  type CachedBody,
} from '../lib/response-cache';
import { PUBLIC_IMAGES_DIR } from '../paths';
import { sitemap, webManifest, type ManifestBrand } from './web-files';

/**
 * The storefront's landing pages (product.md «Screens and routes»): the source of each one's lazy
 * screen in the web build's manifest (apps/web/src/app/router.tsx) and the public, per-customer
 * invariant answers it reads first. A visit that starts on one of them gets, in its index.html,
 * `<link rel=modulepreload>` for that screen's chunks and `<link rel=preload as=fetch>` for that
 * data, so both download beside the framework instead of after it has run, and the screen's
 * largest image is asked for that much sooner. The screen's own fetch takes the preloaded answer
 * (same URL, same CORS mode). Category and product answers depend on the customer's branch,
 * which only the browser knows: those screens get their chunks only.
 */
const SCREEN_OF_PATH: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^\/$/, 'src/app/routes/landing.tsx', [endpoints.getBanners.path]],
  [
    /^\/menu$/,
    'src/app/routes/menu.tsx',
    [endpoints.getBanners.path, endpoints.getCategories.path],
  ],
  [/^\/category\/[^/]+$/, 'src/app/routes/category.tsx', []],
  [/^\/producto\/[^/]+$/, 'src/app/routes/product.tsx', []],
];

/**
 * The image that is the landing screen's largest element (its LCP), named first in the HTML's
 * head so it is requested before the stylesheets and scripts, not queued behind them. Read from
 * the catalogue's cached answers (a product's photo is the same at every branch: the chain's
 * answer names it).
 */
const LCP_IMAGE_OF_PATH: readonly (readonly [
  RegExp,
  (app: FastifyInstance, path: string) => Promise<LcpImage | null>,
])[] = [
  [/^\/$/, async (app) => firstBanner(app, SHOWN_IMAGE_SIZES.landingBanner)],
  [/^\/menu$/, async (app) => firstBanner(app, SHOWN_IMAGE_SIZES.menuBanner)],
  [
    /^\/category\/[^/]+$/,
    async (app, path) => {
      const slug = decodeURIComponent(path.slice('/category/'.length));
      const list = (await app.catalog.categories())?.value as { results: Category[] } | undefined;
      const photo = list?.results.find((category) => category.slug === slug)?.photo;
      return photo ? { url: photo, kind: 'category', sizes: SHOWN_IMAGE_SIZES.categoryHero } : null;
    },
  ],
  [
    /^\/producto\/[^/]+$/,
    async (app, path) => {
      const slug = decodeURIComponent(path.slice('/producto/'.length));
      const answer = (await app.chainMenu.product(slug))?.value as { results: Product } | undefined;
      const photo = answer?.results.image;
      return photo ? { url: photo, kind: 'product', sizes: SHOWN_IMAGE_SIZES.productPhoto } : null;
    },
  ],
];

interface LcpImage {
  url: string;
  kind: ImageKind;
  sizes: string;
}

async function firstBanner(app: FastifyInstance, sizes: string): Promise<LcpImage | null> {
  const list = (await app.catalog.banners())?.value as { results: Banner[] } | undefined;
  const banner = list?.results[0];
  return banner ? { url: banner.real_image, kind: 'banner', sizes } : null;
}

/** Where the LCP image's preload goes: after the viewport (or the head's start), before any link. */
const EARLY_IN_HEAD = /<meta name="viewport"[^>]*>|<head>(?![\s\S]*<meta name="viewport")/;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link rel=preload>` for the AVIF copy the page's `<picture>` will pick (browsers without AVIF skip it). */
async function lcpPreload(app: FastifyInstance, path: string): Promise<string> {
  const find = LCP_IMAGE_OF_PATH.find(([pattern]) => pattern.test(path))?.[1];
  if (!find) return '';
  try {
    const image = await find(app, path);
    const sources = image && imageSources(image.url, image.kind);
    if (!image || !sources) return '';
    return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${attribute(sources.avif)}" imagesizes="${attribute(image.sizes)}">`;
  } catch (error) {
    // A head start, never a reason for the page itself to fail.
    app.log.warn({ err: error, path }, 'could not name the page image to preload');
    return '';
  }
}

/** The storefront's server-side entry (apps/web/src/entry-server.tsx, built into dist/.ssr). */
interface ServerEntry {
  render(
    path: string,
    branchId: number | null,
    catalog: ServerCatalog,
    origin: string,
    delivery: ServerDelivery | null,
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
interface RenderedPage {
  status: 200 | 404;
  head: string;
  body: string;
  state: string | null;
}

/** The cookie the storefront mirrors the chosen branch in (apps/web/src/stores/session-store.ts). */
const BRANCH_COOKIE = /(?:^|;\s*)comanda_branch=(\d{1,9})(?:;|$)/;
/**
 * The cookie the storefront mirrors a delivery in (same module): present for a delivery, its
 * value the neighbourhood (URI-encoded, empty while none is chosen); absent for a pickup.
 */
const DELIVERY_COOKIE = /(?:^|;\s*)comanda_delivery=([^;]{0,1100})(?:;|$)/;
/** As the storefront keeps a neighbourhood (session-store.ts `sanitizeDeliveryTo`). */
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
/** Rendered pages kept at most: routes × branches of a large chain, and a bound on unknown slugs. */
const MAX_RENDERED = 2_000;

/** A rendered page as it is sent: its status, and its HTML with the HTML's compressed variants. */
interface ServedPage {
  status: 200 | 404;
  body: CachedBody;
}

interface RenderedEntry {
  page: ServedPage;
  /** The catalogue's cached answers the page was rendered from, by identity. */
  reads: { read: () => Promise<unknown>; value: unknown }[];
}

/**
 * Server rendering of the storefront's first screens (decision 030): the page of a path and a
 * branch is rendered once from the catalogue's cached answers and kept while those answers are
 * the same objects. Any change that drops or rebuilds one of them (an admin edit, a sold-out
 * switch, the banners' midnight, on any node) makes the next visit render again; every change
 * heard on the catalogue's channel also empties the whole store, so it never holds dead pages.
 */
function serverRenderer(app: FastifyInstance, entry: ServerEntry) {
  const pages = new Map<string, RenderedEntry>();
  app.catalogEvents.subscribe(() => pages.clear());

  const stillValid = async (cached: RenderedEntry) => {
    for (const { read, value } of cached.reads) if ((await read()) !== value) return false;
    return true;
  };

  /** `frame` puts the rendered page into its index.html (preloads, the LCP image). */
  return async (
    path: string,
    branchId: number | null,
    delivery: ServerDelivery | null,
    origin: string,
    frame: (page: RenderedPage) => Promise<string>,
  ): Promise<ServedPage | null> => {
    // The page shows the order type, and a delivery's neighbourhood: each is a page of its own.
    const orderType = delivery ? `d:${delivery.neighbourhood ?? ''}` : 'p';
    const key = `${branchId ?? '-'} ${orderType} ${origin}${path}`;
    const cached = pages.get(key);
    if (cached && (await stillValid(cached))) return cached.page;
    const reads: RenderedEntry['reads'] = [];
    /** Reads one cached answer, noting it, and gives its `results` (null for "not found"). */
    const results = async (read: () => Promise<{ value: unknown } | null | undefined>) => {
      const answer = () => read().then((cachedAnswer) => cachedAnswer?.value ?? null);
      const value = await answer();
      reads.push({ read: answer, value });
      return (value as { results?: unknown } | null)?.results ?? null;
    };
    const rendered = await entry.render(
      path,
      branchId,
      {
        branches: () => results(() => app.catalog.branches()),
        banners: () => results(() => app.catalog.banners()),
        categories: () => results(() => app.catalog.categories()),
        category: (slug, branch) => results(() => app.catalog.category(slug, branch)),
        product: (slug, branch) => results(() => app.catalog.product(slug, branch)),
        chainCategory: (slug) => results(() => app.chainMenu.category(slug)),
        chainProduct: (slug) => results(() => app.chainMenu.product(slug)),
        // Made from the catalogue's branch list, and dropped with it (delivery/service.ts).
        coverage: (neighbourhood) => results(() => app.delivery.coverage(neighbourhood)),
      },
      origin,
      delivery,
    );
    if (!rendered) return null;
    // Compressed once here, like the API's cached answers, never per request.
    const page = {
      status: rendered.status,
      body: await toCachedBytes(Buffer.from(await frame(rendered))),
    };
    if (pages.size >= MAX_RENDERED) pages.delete(pages.keys().next().value as string);
    pages.set(key, { page, reads });
    return page;
  };
}

/** index.html (with its screen's preloads) around a rendered page. */
function pageHtml(template: string, page: RenderedPage): string {
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

const YEAR_SECONDS = 31_536_000;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** Paths the storefront never owns: a miss there is a JSON 404, not the SPA. */
const NOT_SPA = /^\/(api|images|docs|socket\.io|assets|icons)(\/|$)|^\/(healthz|readyz)$/;
/** An unknown file-like path (`/favicon.png`, `/wp-login.php`) is not a page: a plain 404. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]{1,8}$/i;
/** The path every unknown path is rendered (and its page kept) as: one page, not one per typo. */
const NOT_FOUND_PATH = '/no-encontrado';

/** The chain as the manifest names it, until its brand settings say otherwise. */
const DEFAULT_BRAND: ManifestBrand = {
  name: 'La Brasa Dorada',
  shortName: 'Brasa Dorada',
  themeColor: '#b3261e',
  backgroundColor: '#fffaf3',
};

/**
 * Serves the catalogue images and the built storefront. Images and Vite's hashed assets have
 * content-hashed names, so they are cached for a year as immutable; index.html is revalidated on
 * every load so a new release is picked up at once. Any other GET gets index.html (history
 * fallback) so deep links such as /producto/x load.
 */
export const webPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    await serveImages(app);
    serveInstallFiles(app);
    const indexFile = join(webDist, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ webDist }, 'storefront not built: serving the API only (run npm run build)');
      return;
    }
    const indexHtml = readFileSync(indexFile);
    const screenHtml = screenPages(webDist, indexHtml.toString('utf8'));
    const serverEntry = join(webDist, '.ssr', 'entry-server.js');
    const { render, isStorefrontPath } = await loadServerEntry(app, serverEntry);
    await serveBuildFiles(app, webDist);
    app.route({
      method: 'GET',
      url: '/*',
      schema: { hide: true },
      handler: storefrontPages(app, { indexHtml, screenHtml, render, isStorefrontPath }),
    });
  },
  { name: 'web', dependencies: ['catalog', 'delivery'] },
);

async function serveImages(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: PUBLIC_IMAGES_DIR,
    prefix: '/images/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
  });
}

// Real files of the installable storefront (decision 040), whatever the build holds.
function serveInstallFiles(app: FastifyInstance) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webManifest(DEFAULT_BRAND))),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap(app, `${request.protocol}://${request.host}`)),
  );
}

/** The build's own files: hashed assets for a year, the rest revalidated hourly. */
async function serveBuildFiles(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    // The web build writes .br/.gz beside each asset (apps/web/scripts/compress-dist.mjs).
    preCompressed: true,
    setHeaders: (reply, path) =>
      reply.header(
        'cache-control',
        path.includes('/assets/')
          ? IMMUTABLE
          : // The service worker is checked on every load so a release reaches the phone.
            /[\\/]sw\.js$/.test(path)
            ? 'no-cache'
            : 'public, max-age=3600',
      ),
  });
}

/** What the storefront's pages are made from: index.html, each screen's, and the server entry. */
interface StorefrontBuild {
  indexHtml: Buffer;
  screenHtml: [RegExp, Buffer][];
  render: ReturnType<typeof serverRenderer> | null;
  isStorefrontPath: ((path: string) => boolean) | null;
}

/** Every other GET: the storefront's page for the path (rendered on the server when it can be). */
function storefrontPages(
  app: FastifyInstance,
  { indexHtml, screenHtml, render, isStorefrontPath }: StorefrontBuild,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Not one of the storefront's routes: the not-found page, with a 404 (decision 040).
    const unknown = isStorefrontPath ? !isStorefrontPath(path) : false;
    if (NOT_SPA.test(path) || (unknown && FILE_LIKE.test(path)))
      return reply.code(404).send({ message: MESSAGES.routeNotFound });
    const html = screenHtml.find(([pattern]) => pattern.test(path))?.[1] ?? indexHtml;
    const template = () => withLcpPreload(app, html, path);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const rendered = unknown || SCREEN_OF_PATH.some(([pattern]) => pattern.test(path));
    // Canonical and Open Graph URLs name the address the page was asked at.
    const origin = `${request.protocol}://${request.host}`;
    const page = rendered
      ? await renderPage(
          render,
          request.headers.cookie,
          unknown ? NOT_FOUND_PATH : path,
          origin,
          async (page) => pageHtml((await template()).toString(), page),
          app,
        )
      : null;
    // Without the server entry the browser renders the not-found page; the status is still 404.
    if (!page) return reply.code(unknown ? 404 : 200).send(await template());
    // The page depends on the branch and delivery cookies: a shared cache must keep each apart.
    reply.header('vary', `Cookie, ${VARY_ENCODING}`);
    const variant = chooseVariant(page.body, request.headers['accept-encoding']);
    if (variant !== 'identity') reply.header('content-encoding', variant);
    return reply.code(page.status).send(variantBytes(page.body, variant));
  };
}

/** The page's HTML with its LCP image's preload, when it has one. */
async function withLcpPreload(
  app: FastifyInstance,
  html: Buffer,
  path: string,
): Promise<Buffer | string> {
  const image = await lcpPreload(app, path);
  // Right after the viewport: ahead of the stylesheets and the modulepreloads, which
  // would otherwise take the browser's first connections.
  return image ? html.toString('utf8').replace(EARLY_IN_HEAD, (at) => `${at}${image}`) : html;
}

/**
 * The server-side entry's renderer, or null: not built, or not loadable (its packages missing).
 * Either way the storefront is still served, rendered in the browser.
 */
async function loadServerEntry(
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
async function renderPage(
  render: ReturnType<typeof serverRenderer> | null,
  cookie: string | undefined,
  path: string,
  origin: string,
  frame: (page: RenderedPage) => Promise<string>,
  app: FastifyInstance,
): Promise<ServedPage | null> {
  if (!render) return null;
  const branchId = Number(BRANCH_COOKIE.exec(cookie ?? '')?.[1] ?? Number.NaN);
  const delivery = deliveryOf(cookie ?? '');
  try {
    return await render(
      path,
      Number.isSafeInteger(branchId) ? branchId : null,
      delivery,
      origin,
      frame,
    );
  } catch (error) {
    // The page still works as the single-page app renders it in the browser.
    app.log.error({ err: error, path }, 'could not render the page on the server');
    return null;
  }
}

type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/**
 * index.html for each path of SCREEN_OF_PATH, with preloads for the files its screen needs that
 * the entry does not already load: its chunk and their static imports (modulepreload), their CSS
 * (stylesheets: the server-rendered screen is painted with them), and its data. Without the
 * build's manifest, every path gets the plain
 * index.html.
 */
function screenPages(webDist: string, indexHtml: string): [RegExp, Buffer][] {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || loaded.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) walk(imported, into);
  };
  if (entry) walk(entry, loaded);

  const pages: [RegExp, Buffer][] = [];
  for (const [pattern, screen, data] of SCREEN_OF_PATH) {
    if (!manifest[screen]) continue;
    const chunks = new Set<string>();
    walk(screen, chunks);
    const links = [...chunks].flatMap((key) => {
      const chunk = manifest[key];
      if (!chunk) return [];
      return [
        `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
        // A stylesheet, not a preload: the server-rendered screen is on the first paint, styled.
        // The screen's chunk finds it in the document and does not add it again.
        ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ];
    });
    for (const url of data) links.push(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
    pages.push([pattern, Buffer.from(indexHtml.replace('</head>', `${links.join('')}</head>`))]);
  }
  return pages;
}
