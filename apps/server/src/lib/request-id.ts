import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's request ids (app.ts): Fastify's `genReqId`, and the proxy's id of a socket's handshake. */
    requestIds: RequestIds;
  }
}

/**
 * What an `X-Request-Id` may look like to be taken as a request's id: the characters proxies
 * generate (hex, UUIDs, base64 and base64url, nginx's `$request_id`, HAProxy's `unique-id`), at
 * most 64 of them. Anything else (spaces, quotes, line breaks, a kilobyte of text) would let a
 * client write into our log lines.
 */
const SAFE_REQUEST_ID = /^[\w.:+/=-]{1,64}$/;

/** The header's value when it is a safe request id, else null. */
export function safeRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : null;
}

export interface RequestIds {
  /** Fastify's `genReqId`: the proxy's id when it may be taken, else this process's own. */
  generate(request: IncomingMessage): string;
  /** The proxy's id of the request (a socket's handshake too), or null when it gave none to take. */
  given(request: IncomingMessage): string | null;
}

/**
 * Request ids: the proxy's `X-Request-Id` when a proxy is trusted (`TRUST_PROXY`) and the value
 * is safe, so a request is one id from the proxy's access log to ours; otherwise this process's
 * own, a random prefix per process and a counter, unique across the nodes without a random draw
 * per request. Without a trusted proxy the header could only come from the client.
 */
export function requestIdsFor(honourHeader: boolean): RequestIds {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  const given = (request: IncomingMessage) =>
    honourHeader ? safeRequestId(request.headers['x-request-id']) : null;
  return {
    given,
    generate(request) {
      const id = given(request);
      if (id !== null) return id;
      next += 1;
      return `${prefix}-${next.toString(36)}`;
    },
  };
}
