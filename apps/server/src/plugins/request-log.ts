import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Logs the one line a request that needs a look gets — a 5xx (`request failed`) or one that took
 * `slowMs` or longer (`slow request`) — and nothing for the rest. Shared by this plugin and the
 * catalogue's fast path (modules/catalog/fast-path.ts), which answers before Fastify sees the
 * request, so that both paths log alike.
 */
export function logIfNotable(
  log: FastifyBaseLogger,
  slowMs: number,
  method: string | undefined,
  url: string | undefined,
  statusCode: number,
  ms: number,
) {
  if (statusCode < 500 && ms < slowMs) return;
  const line = { method, url, statusCode, ms: Math.round(ms) };
  if (statusCode >= 500) log.error(line, 'request failed');
  else log.warn(line, 'slow request');
}

/**
 * One line per request that needs a look: a 5xx, or one slower than `slowMs`. Fastify's own
 * request log (two JSON lines per request) cost a fifth to a half of the catalogue's throughput
 * in bench:api, so it is on only at LOG_LEVEL debug or trace (see app.ts and
 * docs/benchmarks/log/bench-api.md, «The request log»). The cause of a 5xx is logged by the
 * error handler beside this line.
 */
export const requestLogPlugin = fp<{ slowMs: number }>(
  async (app, { slowMs }) => {
    // Callback style: no promise per request for a hook that rarely has anything to do.
    app.addHook('onResponse', (request, reply, done) => {
      logIfNotable(
        request.log,
        slowMs,
        request.method,
        request.url,
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
  },
  { name: 'request-log' },
);
