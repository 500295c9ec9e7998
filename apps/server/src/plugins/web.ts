import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@comanda/shared';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_IMAGES_DIR } from '../paths';

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
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      },
    });
  },
  { name: 'web' },
);
