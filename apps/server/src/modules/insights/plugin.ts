import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createInsightsService, type InsightsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

/**
 * Informes: app.insights for the routes, and a timer (INSIGHTS_CATCHUP_MS) that keeps the rollups caught up so the
 * catch-up a report runs first has little left to do. Stopped (and its run awaited) on close.
 */
export const insightsPlugin = fp<{ config: Pick<Config, 'INSIGHTS_CATCHUP_MS'> }>(
  async (app, { config }) => {
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
      if (config.INSIGHTS_CATCHUP_MS === 0) return;
      void tick();
      timer = setInterval(tick, config.INSIGHTS_CATCHUP_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'insights', dependencies: ['db'] },
);
