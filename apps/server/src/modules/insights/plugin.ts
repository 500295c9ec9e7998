import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { ThreadDatabase } from '../../db/thread-connection';
import { catchUpThread } from './catch-up-thread';
import { createInsightsService, type InsightsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

/**
 * The most of the node's time the timer's catch-ups may take (decision 091): placement, which
 * shares the node and the database with them, keeps at least 95 % of its pace.
 */
export const TIMER_SHARE = 0.05;

/**
 * How long the timer waits after a catch-up that took `passMs`: its interval, or longer when
 * the pass was long enough that the interval would spend more than TIMER_SHARE on catching up
 * (a rush folds more each time). Reports are no staler for it: each runs its own catch-up first.
 */
export const timerPause = (intervalMs: number, passMs: number) =>
  Math.max(intervalMs, Math.ceil((passMs * (1 - TIMER_SHARE)) / TIMER_SHARE));

/**
 * Informes: app.insights for the routes, and a timer (INSIGHTS_CATCHUP_MS apart, or further,
 * `timerPause`) that keeps the rollups caught up so the catch-up a report runs first has little
 * left to do. Stopped (and its run awaited) on close.
 */
export const insightsPlugin = fp<{
  config: Pick<Config, 'INSIGHTS_CATCHUP_MS'>;
  /**
   * The database as a thread reaches it: the catch-up then runs on a thread of its own
   * (decisions 095 and 109). None (an in-memory SQLite): on the event loop.
   */
  thread?: ThreadDatabase | null;
}>(
  async (app, { config, thread: target }) => {
    const thread = target ? catchUpThread(target, app.clock) : null;
    const service = createInsightsService(
      { db: app.db, dialect: app.dialect, clock: app.clock },
      thread?.catchUp,
    );
    app.decorate('insights', service);

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const tick = async () => {
      const began = performance.now();
      await service
        .catchUp()
        .catch((error: unknown) =>
          app.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'insights catch-up failed',
          ),
        );
      if (closing) return;
      timer = setTimeout(tick, timerPause(config.INSIGHTS_CATCHUP_MS, performance.now() - began));
      timer.unref();
    };
    // The first catch-up waits one interval too: every report catches up before it answers, and
    // a node that is closed soon after it starts (a test app, a failed deploy) neither starts
    // the thread nor waits on its start to close.
    app.addHook('onReady', async () => {
      if (config.INSIGHTS_CATCHUP_MS === 0) return;
      timer = setTimeout(tick, config.INSIGHTS_CATCHUP_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(timer);
      await service.idle();
      await thread?.close();
    });
  },
  { name: 'insights', dependencies: ['db'] },
);
