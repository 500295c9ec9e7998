import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createDispatchService, type DispatchService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    dispatch: DispatchService;
  }
}

/** How often each node deletes positions past the privacy window. */
const FORGET_EVERY_MS = 10 * 60_000;

/**
 * A branch's own couriers (decision 068): app.dispatch for the routes; plugged into orders for
 * what follows staff's steps and for the couriers' part of a delivery's estimate; and a sweep
 * that deletes positions once the privacy window after their trip has passed.
 */
export const dispatchPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const service = createDispatchService({
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      realtime: app.realtime,
      audit: app.audit,
      settings: {
        positionRetentionHours: config.POSITION_RETENTION_HOURS,
        speedKmh: config.COURIER_SPEED_KMH,
      },
    });
    app.decorate('dispatch', service);
    app.orders.afterStep(service.afterStaffStep);
    app.orders.useDeliveryLeg(service.deliveryLeg);

    let timer: NodeJS.Timeout | undefined;
    const forget = () =>
      service
        .forgetOldPositions()
        .catch((error: unknown) =>
          app.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'position sweep failed',
          ),
        );
    app.addHook('onReady', async () => {
      await forget();
      timer = setInterval(forget, FORGET_EVERY_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'dispatch', dependencies: ['db', 'socket', 'audit', 'orders'] },
);
