import fp from 'fastify-plugin';
import { checkWritable } from '../db/readiness';
import { RETRY_AFTER_SECONDS } from '../lib/db-unavailable';

/**
 * /healthz: the process answers (liveness). /readyz: it can write to its database (readiness):
 * not only reach it, since a locked or read-only database still answers reads while every order
 * fails. A load balancer stops sending traffic on 503, and during shutdown. Each check is one
 * no-op write in a rolled-back transaction, answered within two seconds. With Redis, one PING
 * (within REDIS_TIMEOUT_MS) too: Redis away is `200 {status: 'degraded', degraded: ['redis']}`,
 * since the node serves alone; only what stops it serving (its database, shutdown) is a 503.
 * A stop answers 503 from its drain on (decision 078).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * /readyz answers 503 from now on while the node still serves: the first step of a graceful
     * stop (lib/graceful-stop.ts), so the proxy moves new requests away before it closes.
     */
    drain: () => void;
  }
}

export const healthPlugin = fp(
  async (app) => {
    let closing = false;
    app.decorate('drain', () => {
      closing = true;
    });
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      if (closing) return reply.code(503).send({ status: 'closing' });
      try {
        await checkWritable(app);
      } catch (error) {
        request.log.warn({ err: error }, 'database cannot be written');
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'database unavailable' });
      }
      // Without Redis the node still serves everything, alone (decision 028): the balancer keeps
      // it, and the body names what is degraded for whoever watches.
      if (app.redis && !(await app.redis.check()))
        return { status: 'degraded', degraded: ['redis'] };
      return { status: 'ready' };
    });
  },
  { name: 'health', dependencies: ['db', 'redis'] },
);
