import fastifyStatic from '@fastify/static';
import { MESSAGES, renderedScreenOf, type RenderedScreen } from '@comanda/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { switchWithApp } from '../lib/fast-path';
import { chooseVariant, variantBytes } from '../lib/response-cache';
import { PUBLIC_IMAGES_DIR } from '../paths';
import { withBrand } from './web/brand-head';
import { withLcpPreload } from './web/lcp-preload';
import {
  PAGE_CACHE_CONTROL,
  PAGE_CONTENT_TYPE,
  PAGE_VARY,
  type PageFastPath,
} from './web/page-fast-path';
import { contentSecurityPolicy } from './security';
import { screenPages } from './web/screens';
import { loadServerEntry, pageHtml, renderPage, type ServerRender } from './web/server-render';
import { sitemap, webManifest, type ManifestBrand } from './web-files';

const YEAR_SECONDS = 31_536_000;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** Paths the storefront never owns: a miss there is a JSON 404, not the SPA. */
const NOT_SPA = /^\/(api|images|docs|socket\.io|assets|icons)(\/|$)|^\/(healthz|readyz|metrics)$/;
/** An unknown file-like path (`/favicon.png`, `/wp-login.php`) is not a page: a plain 404. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]{1,8}$/i;
/** The path every unknown path is rendered (and its page kept) as: one page, not one per typo. */
const NOT_FOUND_PATH = '/no-encontrado';

/** The manifest's splash background: the storefront's own, whatever the brand's colour. */
const BACKGROUND_COLOR = '#fffaf3';

async function manifestBrand(app: FastifyInstance): Promise<ManifestBrand> {
  const brand = await app.brand.current();
  return {
    name: brand.name,
    shortName: brand.short_name,
    themeColor: brand.color,
    backgroundColor: BACKGROUND_COLOR,
  };
}

/**
 * Serves the catalogue images and the built storefront. Images and Vite's hashed assets have
 * content-hashed names, so they are cached for a year as immutable; index.html is revalidated on
 * every load so a new release is picked up at once. Any other GET gets index.html (history
 * fallback) so deep links such as /producto/x load.
 */
export const webPlugin = fp<{
  webDist: string;
  /** Started once the app is ready, with the rendered pages, when `fastPathEnabled`. */
  pageFastPath: PageFastPath;
  fastPathEnabled: boolean;
  slowMs: number;
  trustsProxy: boolean;
}>(
  async (app, { webDist, pageFastPath, fastPathEnabled, slowMs, trustsProxy }) => {
    app.decorate('pageFastPath', pageFastPath);
    await serveImages(app);
    serveInstallFiles(app);
    const indexFile = join(webDist, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ webDist }, 'storefront not built: serving the API only (run npm run build)');
      return;
    }
    const indexHtml = readFileSync(indexFile);
    const screens = screenPages(webDist, indexHtml.toString('utf8'));
    const screenHtml = screens.pages;
    // Every page may carry its screen's stylesheets and the script that loads its code inline:
    // its CSP allows exactly those.
    const pageCsp = contentSecurityPolicy(screens.styleHashes, screens.scriptHashes);
    const serverEntry = join(webDist, '.ssr', 'entry-server.js');
    const { render, isStorefrontPath } = await loadServerEntry(app, serverEntry);
    await serveBuildFiles(app, webDist);
    app.route({
      method: 'GET',
      url: '/*',
      schema: { hide: true },
      handler: storefrontPages(app, { indexHtml, screenHtml, pageCsp, render, isStorefrontPath }),
    });
    if (fastPathEnabled && render)
      switchWithApp(app, pageFastPath, () => ({
        render,
        isStorefrontPath,
        log: app.log,
        slowMs,
        trustsProxy,
        contentSecurityPolicy: pageCsp,
      }));
  },
  { name: 'web', dependencies: ['catalog', 'delivery', 'brand'] },
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
      .send(JSON.stringify(webManifest(await manifestBrand(app)))),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap(app, `${request.protocol}://${request.host}`)),
  );
}

/** The build's own files, each with its cache lifetime. */
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
  screenHtml: [RenderedScreen, Buffer][];
  /** The pages' Content-Security-Policy: the security plugin's, with their inline styles. */
  pageCsp: string;
  render: ServerRender | null;
  isStorefrontPath: ((path: string) => boolean) | null;
}

/** Every other GET: the storefront's page for the path (rendered on the server when it can be). */
function storefrontPages(
  app: FastifyInstance,
  { indexHtml, screenHtml, pageCsp, render, isStorefrontPath }: StorefrontBuild,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Not one of the storefront's routes: the not-found page, with a 404 (decision 040).
    const unknown = isStorefrontPath ? !isStorefrontPath(path) : false;
    if (NOT_SPA.test(path) || (unknown && FILE_LIKE.test(path)))
      return reply.code(404).send({ message: MESSAGES.routeNotFound });
    const screen = renderedScreenOf(path);
    const html = screenHtml.find(([name]) => name === screen)?.[1] ?? indexHtml;
    const brand = await app.brand.current();
    // Every page names the chain: its title, theme colour and the name the storefront reads.
    const template = async () => withBrand(await withLcpPreload(app, html, path), brand);
    reply
      .header('content-security-policy', pageCsp)
      .header('cache-control', PAGE_CACHE_CONTROL)
      .type(PAGE_CONTENT_TYPE);
    const rendered = unknown || screen !== null;
    // Canonical and Open Graph URLs name the address the page was asked at.
    const origin = `${request.protocol}://${request.host}`;
    const page = rendered
      ? await renderPage(
          render,
          request.headers.cookie,
          unknown ? NOT_FOUND_PATH : path,
          origin,
          brand.name,
          async (page) => pageHtml(await template(), page),
          app,
        )
      : null;
    // Without the server entry the browser renders the not-found page; the status is still 404.
    if (!page) return reply.code(unknown ? 404 : 200).send(await template());
    reply.header('vary', PAGE_VARY);
    const variant = chooseVariant(page.body, request.headers['accept-encoding']);
    if (variant !== 'identity') reply.header('content-encoding', variant);
    return reply.code(page.status).send(variantBytes(page.body, variant));
  };
}
