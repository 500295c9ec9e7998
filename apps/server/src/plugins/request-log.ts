import fp from 'fastify-plugin';

/**
 * One line per request that needs a look: a 5xx, or one slower than `slowMs`. Fastify's own
 * request log (two JSON lines per request) cost a fifth to a half of the catalogue's throughput
 * in bench:api, so it is on only at LOG_LEVEL debug or trace (see app.ts and
 * docs/benchmarks.md). The cause of a 5xx is logged by the error handler beside this line.
 */
export const requestLogPlugin = fp<{ slowMs: number }>(
  async (app, { slowMs }) => {
    // Callback style: no promise per request for a hook that rarely has anything to do.
    app.addHook('onResponse', (request, reply, done) => {
      const ms = reply.elapsedTime;
      if (reply.statusCode >= 500 || ms >= slowMs) {
        const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) };
        if (reply.statusCode >= 500) request.log.error(line, 'request failed');
        else request.log.warn(line, 'slow request');
      }
      done();
    });
  },
  { name: 'request-log' },
);
