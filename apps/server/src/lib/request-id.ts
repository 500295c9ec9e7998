import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';

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

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when a proxy is trusted (`TRUST_PROXY`) and
 * the value is safe, so a request is one id from the proxy's access log to ours; otherwise this
 * process's own, a random prefix per process and a counter, unique across the nodes without a
 * random draw per request. Without a trusted proxy the header could only come from the client.
 */
export function requestIdGenerator(honourHeader: boolean): (request: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return (request) => {
    if (honourHeader) {
      const given = safeRequestId(request.headers['x-request-id']);
      if (given !== null) return given;
    }
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}
