import fastifyStatic from '@fastify/static';
import {
  imageSources,
  MESSAGES,
  SHOWN_IMAGE_SIZES,
  type Banner,
  type Category,
  type ImageKind,
} from '@comanda/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_IMAGES_DIR } from '../paths';

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
  [/^\/$/, 'src/app/routes/landing.tsx', ['/api/banner']],
  [/^\/menu$/, 'src/app/routes/menu.tsx', ['/api/banner', '/api/category-client']],
  [/^\/category\/[^/]+$/, 'src/app/routes/category.tsx', []],
  [/^\/producto\/[^/]+$/, 'src/app/routes/product.tsx', []],
];

/**
 * The image that is the landing screen's largest element (its LCP), named in the HTML so it
 * downloads beside the scripts instead of after the screen has rendered its data. Read from the
 * catalogue's cached answers; the product page's photo depends on the branch and is left out.
 */
const LCP_IMAGE_OF_PATH: readonly (readonly [RegExp, (app: FastifyInstance, path: string) => Promise<LcpImage | null>])[] = [
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

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

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

const YEAR_SECONDS = 31_536_000;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** Paths the storefront never owns: a miss there is a JSON 404, not the SPA. */
const NOT_SPA = /^\/(api|images|docs|socket\.io|assets)(\/|$)|^\/(healthz|readyz)$/;

/**
 * Serves the catalogue images and the built storefront. Images and Vite's hashed assets have
 * content-hashed names, so they are cached for a year as immutable; index.html is revalidated on
 * every load so a new release is picked up at once. Any other GET gets index.html (history
 * fallback) so deep links such as /producto/x load.
 */
export const webPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    await app.register(fastifyStatic, {
      root: PUBLIC_IMAGES_DIR,
      prefix: '/images/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });

    const indexFile = join(webDist, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ webDist }, 'storefront not built: serving the API only (run npm run build)');
      return;
    }
    const indexHtml = readFileSync(indexFile);
    const screenHtml = screenPages(webDist, indexHtml.toString('utf8'));

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
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'public, max-age=3600'),
    });

    app.route({
      method: 'GET',
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.split('?')[0] ?? '/';
        if (NOT_SPA.test(path)) return reply.code(404).send({ message: MESSAGES.routeNotFound });
        const html = screenHtml.find(([pattern]) => pattern.test(path))?.[1] ?? indexHtml;
        const image = await lcpPreload(app, path);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(image ? html.toString('utf8').replace('</head>', `${image}</head>`) : html);
      },
    });
  },
  { name: 'web', dependencies: ['catalog'] },
);

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * index.html for each path of SCREEN_OF_PATH, with preloads for the files its screen needs that
 * the entry does not already load: its chunk and their static imports (modulepreload), their CSS
 * (preload, not a stylesheet: the screen's own code inserts it, and until then it must not hold
 * up the first paint), and its data. Without the build's manifest, every path gets the plain
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
        ...(chunk.css ?? []).map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
      ];
    });
    for (const url of data) links.push(`<link rel="preload" as="fetch" crossorigin href="${url}">`);
    pages.push([pattern, Buffer.from(indexHtml.replace('</head>', `${links.join('')}</head>`))]);
  }
  return pages;
}
