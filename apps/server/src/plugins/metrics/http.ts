import type { FastifyInstance } from 'fastify';
import type { Instruments } from './instruments';

/** The methods a label may name; anything else Node's parser lets through is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** A request no route matched: every unknown path is this one label, never its own. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The storefront's build files are a route each (@fastify/static, `wildcard: false`), hundreds of
 * them with a new content hash every release: one label for all of them.
 */
const BUILD_ASSET = /^\/assets\//;
const ASSETS_ROUTE = '/assets/*';

/** The label of each route's pattern, worked out once per route. */
const routeLabels = new Map<string, string>();
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return UNMATCHED_ROUTE;
  let label = routeLabels.get(url);
  if (label === undefined) {
    label = BUILD_ASSET.test(url) ? ASSETS_ROUTE : url;
    routeLabels.set(url, label);
  }
  return label;
}

/**
 * Every request Fastify answers is observed once, labelled only by what the server itself names:
 * the route's pattern (`/api/orders/:id`, never `/api/orders/42`; the build's files as one), the
 * method from a fixed set and the status's class, so no label takes what a client wrote and the
 * series stay bounded by the routes the app has. The catalogue's and the pages' fast paths answer before Fastify
 * (decision 023) and are counted apart (scrape-gauges.ts); Socket.IO is not HTTP here.
 */
export function observeHttp(app: FastifyInstance, { http }: Instruments) {
  // Callback style, like the request log: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    http.observe(
      {
        route: routeLabel(request.routeOptions.url),
        method,
        status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
