import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  /** Sent with `Authorization: Bearer <access_token>` (the document's `bearerAuth`). */
  readonly auth?: boolean;
  /** Request media types other than JSON (the image upload's multipart). */
  readonly consumes?: readonly string[];
  /** The success answer's media type when it is not JSON (the CSV exports): documented as what is on the wire. */
  readonly produces?: string;
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
