import type { z } from 'zod';
import type { Access } from './access';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may keep a public answer besides the browser's HTTP cache (decision 063): the server's
 * fast path answers it from memory before Fastify (decision 023), the service worker keeps the
 * last copy for offline use (decision 040).
 */
export interface Cacheability {
  readonly fastPath: boolean;
  readonly offline: boolean;
}

/** Where an endpoint lives: what `endpoints.ts` declares, and all the web needs at run time. */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
}

/** What an endpoint takes and answers, and how the API document describes it. */
export interface EndpointSpec {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /**
   * Who may call it (access.ts): required, so an entry without it does not compile. The server
   * installs the guard from it and the document's `security` follows from it.
   */
  readonly access: Access;
  /**
   * A public catalogue answer that the fast path or the service worker keeps (decision 063). The
   * browser never reads it: the build writes the worker's and the page's patterns from it.
   */
  readonly cache?: Cacheability;
  /** Request media types other than JSON (the image upload's multipart). */
  readonly consumes?: readonly string[];
  /** The success answer's media type when it is not JSON (the CSV exports): documented as what is on the wire. */
  readonly produces?: string;
  /**
   * A second media type the success answer also comes in, chosen by the query (Informes'
   * `?format=csv`, decision 069): documented beside JSON, as text.
   */
  readonly alsoProduces?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Status → answer schema: the answers the route declares (errors included). */
  readonly responses: { readonly [status: number]: z.ZodType };
}

export type Route = Endpoint & EndpointSpec;

/** One contract entry: the endpoint (method, path) with its spec. A plain merge, typed exactly. */
export const spec = <const E extends Endpoint, const S extends EndpointSpec>(
  endpoint: E,
  details: S,
): E & S => ({
  ...endpoint,
  ...details,
});
