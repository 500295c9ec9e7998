import fp from 'fastify-plugin';
import { createInsightsService, type InsightsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

/** How often each node folds the latest order changes into the rollups (decision 069). */
const CATCH_UP_EVERY_MS = 5_000;

/**
 * Informes: app.insights for the routes, and a timer that keeps the rollups caught up so the
 * catch-up a report runs first has little left to do. Stopped (and its run awaited) on close.
 */
export const insightsPlugin = fp(
  async (app) => {
    const service = createInsightsService({
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      seen: new Map(),
    });
    app.decorate('insights', service);

    let timer: NodeJS.Timeout | undefined;
    const tick = () =>
      service
        .catchUp()
        .catch((error: unknown) =>
          app.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'insights catch-up failed',
          ),
        );
    app.addHook('onReady', async () => {
      void tick();
      timer = setInterval(tick, CATCH_UP_EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'insights', dependencies: ['db'] },
);
