import type { Endpoint, Route } from './define';
import { contract } from './index';

/**
 * The lists made from the contract entries' `cache` marks (decision 063), for the web build's
 * configuration (apps/web/pwa.config.ts: the worker's pattern, and the page's as a constant), which
 * Node loads by path, relative imports only. Never for the browser, which would carry the schemas.
 */

/** The answers the service worker keeps, the last copy shown offline (decision 040). */
export const offlineEndpoints = (): Endpoint[] =>
  (Object.values(contract) as Route[]).filter((entry) => entry.cache?.offline);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path of the contract as a pattern: each `:param` is one segment, the rest literal. */
export const endpointPathPattern = (path: string): string =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escaped(segment)))
    .join('/');

const anyOf = (endpoints: readonly Endpoint[]) =>
  `(?:${endpoints.map((endpoint) => endpointPathPattern(endpoint.path)).join('|')})`;

/** Whether a URL's path (no query string) is one the service worker keeps. */
export const offlinePathname = (): RegExp => new RegExp(`^${anyOf(offlineEndpoints())}$`);

/** The same as a whole URL, any origin, any query string: Workbox matches a RegExp on the URL. */
export const offlineUrl = (): RegExp =>
  new RegExp(`^https?://[^/?#]+${anyOf(offlineEndpoints())}(?:[?#].*)?$`);
