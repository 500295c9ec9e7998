/**
 * Every HTTP endpoint of the API: its method and its path, once (decision 031). Zod-free on
 * purpose: the storefront imports these at run time to build its requests, and a schema here would
 * ride along into every first load. What each endpoint takes and answers is declared next to this,
 * in the area files (`catalog.ts`, `orders.ts`…), keyed by the same names; the server registers its
 * routes from those (apps/server/src/lib/route.ts) and the web calls through `call`
 * (apps/web/src/lib/api-client.ts), which finds the answer type by method and path.
 *
 * Named exports, plain object literals, one file per part of the app (`endpoints/`): the bundler
 * keeps only the ones used, and a screen's chunk carries only its part's table (the storefront's
 * first load does not carry the back office's paths).
 * Paths are the storefront's legacy ones (product.md «Wire contract»): kept exactly.
 */

export * from './endpoints/storefront';
export * from './endpoints/account';
export * from './endpoints/console';
export * from './endpoints/admin';
export * from './endpoints/mail';
export * from './endpoints/payments';
export * from './endpoints/dispatch';
export * from './endpoints/insights';
export * from './endpoints/stations';
export * from './endpoints/printers';
export * from './endpoints/ratings';
export * from './endpoints/counter';
