import fp from 'fastify-plugin';
import { pingDatabase } from '../db/dialect';

/**
 * /healthz: the process answers (liveness). /readyz: it can reach its database (readiness);
 * a load balancer stops sending traffic on 503 and during shutdown.
 */
export const healthPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      if (closing) return reply.code(503).send({ status: 'closing' });
      try {
        await pingDatabase(app.db);
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    });
  },
  { name: 'health', dependencies: ['db'] },
);
