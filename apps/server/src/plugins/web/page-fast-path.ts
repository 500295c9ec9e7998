import type { OutgoingHttpHeaders } from 'node:http';
import { renderedScreenOf } from '@comanda/shared';
import {
  switchableFastPath,
  writeAnswer,
  type FastPathLog,
  type SwitchableFastPath,
} from '../../lib/fast-path';
import { chooseVariant, variantBytes, VARY_ENCODING, type Variant } from '../../lib/response-cache';
import { SECURITY_HEADERS } from '../security';
import { visitorOf, type ServedPage, type ServerRender } from './server-render';

/** The page route's own headers (web.ts `storefrontPages`), besides the security plugin's. */
export const PAGE_CACHE_CONTROL = 'no-cache';
export const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';
/** The page depends on the branch and delivery cookies: a shared cache must keep each apart. */
export const PAGE_VARY = `Cookie, ${VARY_ENCODING}`;

/**
 * The storefront pages' fast path (decision 023, extended): a GET of a server-rendered screen
 * whose page is kept and still made of the answers the catalogue serves fresh is written here,
 * before Fastify, with the status, headers and bytes the page route would send. Like the
 * catalogue's fast path, it decides before writing anything; everything else — another method,
 * a path that is not one of the rendered screens, a page not rendered yet or made of an answer
 * that changed or aged past its TTL, a delivery visitor's page (its coverage is not peeked), an
 * origin read from a trusted proxy's headers — goes to the route as before.
 */
export type PageFastPath = SwitchableFastPath<PageSource>;

declare module 'fastify' {
  interface FastifyInstance {
    pageFastPath: PageFastPath;
  }
}

export interface PageSource extends FastPathLog {
  render: ServerRender;
  isStorefrontPath: ((path: string) => boolean) | null;
  /** Fastify reads the origin from X-Forwarded-* for a trusted proxy: those go to the route. */
  trustsProxy: boolean;
  /** The pages' CSP (web.ts): the security plugin's, with the inline stylesheets' hashes. */
  contentSecurityPolicy: string;
}

/** Every header of a page's answer, in the order Fastify writes them, made once per page. */
const heads = new WeakMap<ServedPage, Partial<Record<Variant, OutgoingHttpHeaders>>>();

function headsFor(page: ServedPage, variant: Variant, csp: string): OutgoingHttpHeaders {
  let byVariant = heads.get(page);
  if (!byVariant) heads.set(page, (byVariant = {}));
  let made = byVariant[variant];
  if (!made) {
    made = {
      ...SECURITY_HEADERS,
      'content-security-policy': csp,
      'cache-control': PAGE_CACHE_CONTROL,
      'content-type': PAGE_CONTENT_TYPE,
      vary: PAGE_VARY,
      ...(variant === 'identity' ? {} : { 'content-encoding': variant }),
      'content-length': variantBytes(page.body, variant).length,
    };
    byVariant[variant] = made;
  }
  return made;
}

const RENDERED_PATHS_MAX = 4_096;

export function createPageFastPath(): PageFastPath {
  /**
   * Each URL's page path (null: not a rendered screen), remembered as the catalogue's fast path
   * remembers its URLs: the same few hundred are asked for again and again. Bounded; read anew
   * with each source, whose storefront says which paths are its own.
   */
  const renderedPaths = new Map<string, string | null>();

  function renderedPathOf(url: string, { isStorefrontPath }: PageSource): string | null {
    let path = renderedPaths.get(url);
    if (path !== undefined) return path;
    // The route's reading: the path without its query, which the page does not depend on.
    path = url.split('?')[0] ?? '/';
    const rendered =
      renderedScreenOf(path) !== null && (!isStorefrontPath || isStorefrontPath(path));
    if (!rendered) path = null;
    if (renderedPaths.size >= RENDERED_PATHS_MAX) renderedPaths.clear();
    renderedPaths.set(url, path);
    return path;
  }

  return switchableFastPath<PageSource>(
    (source, request, response) => {
      if (request.method !== 'GET') return false;
      const path = renderedPathOf(request.url ?? '/', source);
      if (path === null) return false;
      const { headers } = request;
      if (
        source.trustsProxy &&
        (headers['x-forwarded-host'] !== undefined || headers['x-forwarded-proto'] !== undefined)
      )
        return false;
      // Fastify's `${request.protocol}://${request.host}` on this plain HTTP/1 server.
      if (!headers.host) return false;
      const page = source.render.fresh(path, visitorOf(headers.cookie), `http://${headers.host}`);
      if (!page) return false;
      const variant = chooseVariant(page.body, headers['accept-encoding']);
      writeAnswer(
        request,
        response,
        page.status,
        headsFor(page, variant, source.contentSecurityPolicy),
        variantBytes(page.body, variant),
        source,
      );
      return true;
    },
    () => renderedPaths.clear(),
  );
}
