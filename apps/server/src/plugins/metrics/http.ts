import type { FastifyInstance } from 'fastify';
import type { Instruments } from './instruments';

/** The methods a label may name; anything else Node's parser lets through is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** A request no route matched: every unknown path is this one label, never its own. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Every request Fastify answers is observed once, labelled only by what the server itself names:
 * the route's pattern (`/api/orders/:id`, never `/api/orders/42`), the method from a fixed set and
 * the status's class, so no label takes what a client wrote and the series stay bounded by the
 * routes the app has. The catalogue's and the pages' fast paths answer before Fastify
 * (decision 023) and are counted apart (scrape-gauges.ts); Socket.IO is not HTTP here.
 */
export function observeHttp(app: FastifyInstance, { http }: Instruments) {
  // Callback style, like the request log: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    http.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method,
        status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
