import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Instruments } from './instruments';

/** The methods a label may name; anything else Node's parser lets through is `OTHER`. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** A request no route matched: every unknown path is this one label, never its own. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The storefront's build files are a route each (@fastify/static, `wildcard: false`), hundreds of
 * them with a new content hash every release: one label for all of them.
 */
const BUILD_ASSET = /^\/assets\//;
const ASSETS_ROUTE = '/assets/*';

/** The label a route's pattern is counted under. */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return UNMATCHED_ROUTE;
  return BUILD_ASSET.test(url) ? ASSETS_ROUTE : url;
}

type Labels = { route: string; method: string; status_class: string };

/**
 * One route's label sets, made once each and kept: the request's path through the hook reads
 * them and allocates nothing of its own (prom-client's observation is its only cost).
 */
function labelsOf(route: string) {
  const made = new Map<string, Labels[]>();
  return (method: string, statusCode: number): Labels => {
    const known = (METHODS as readonly string[]).includes(method) ? method : 'OTHER';
    let byClass = made.get(known);
    if (!byClass) {
      byClass = [...STATUS_CLASSES, 'other'].map((status_class) => ({
        route,
        method: known,
        status_class,
      }));
      made.set(known, byClass);
    }
    const index = Math.floor(statusCode / 100) - 1;
    return byClass[index >= 0 && index < STATUS_CLASSES.length ? index : STATUS_CLASSES.length]!;
  };
}

/**
 * Every request Fastify answers is observed once, labelled only by what the server itself names:
 * the route's pattern (`/api/orders/:id`, never `/api/orders/42`; the build's files as one), the
 * method from a fixed set and the status's class, so no label takes what a client wrote and the
 * series stay bounded by the routes the app has. Each route gets its own onResponse hook, made
 * as it is added, that knows its label; requests no route matched are observed by one app-wide
 * hook. The catalogue's and the pages' fast paths answer before Fastify (decision 023) and are
 * counted apart (scrape-gauges.ts); Socket.IO is not HTTP here.
 */
export function observeHttp(app: FastifyInstance, { http }: Instruments) {
  const observer = (labels: ReturnType<typeof labelsOf>) =>
    // Callback style, like the request log: no promise per request.
    function observeResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
      http.observe(labels(request.method, reply.statusCode), reply.elapsedTime / 1000);
      done();
    };
  app.addHook('onRoute', (route) => {
    const hook = observer(labelsOf(routeLabel(route.url))) as onResponseHookHandler;
    const own = route.onResponse;
    route.onResponse = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  });
  const unmatched = observer(labelsOf(UNMATCHED_ROUTE));
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply, done);
    else done();
  });
}
