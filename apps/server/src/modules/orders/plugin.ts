import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { hearConfirmCart } from './placement/confirm-cart';
import { createOrdersDeps, createOrdersService, type OrdersService } from './service';
import type { InsertOrders } from './types';
import {
  CHECKPOINT_CHECK_MS,
  checkpointWhenLarge,
  sqliteWriterThread,
} from './writing/writer-thread';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Group-commit transactions in flight on PostgreSQL (decision 018): measured with bench:orders. */
const POSTGRES_WRITERS = 2;

/**
 * Orders: placement over the socket (product.md «States and transitions, Wire contract»
 * `confirm-cart`, heard in placement/confirm-cart.ts), their events to customers and staff
 * (events.ts), and app.orders for the routes and the other modules (service.ts).
 */
export const ordersPlugin = fp<{ config: Config; sqliteFile?: string }>(
  async (app, { config, sqliteFile }) => {
    const deps = createOrdersDeps({
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      realtime: app.realtime,
      metrics: app.metrics.orders,
      audit: app.audit,
      rateLimiter: app.rateLimiter,
      limits: {
        ordersPerMinute: config.ORDER_RATE_LIMIT_PER_MINUTE,
        maxUnits: config.ORDER_MAX_UNITS,
        maxTotal: config.ORDER_MAX_TOTAL,
      },
      writers: app.dialect === 'postgres' ? POSTGRES_WRITERS : sqliteFile ? Infinity : 1,
      insertOrders: sqliteFile ? writerThreadOf(app, sqliteFile) : undefined,
    });
    const service = createOrdersService(deps);
    app.decorate('orders', service);
    // A pause, a price or a sold-out switch made on any node applies to the next order here.
    app.catalogEvents.subscribe((change) => service.forget(change));
    app.io.on('connection', (socket) => hearConfirmCart(app, deps, socket));
  },
  {
    name: 'orders',
    dependencies: ['db', 'socket', 'rate-limit', 'catalog-events', 'audit', 'metrics'],
  },
);

// On an SQLite file the group commit writes on a thread of its own (decision 025), which also
// checkpoints what the event loop's connection wrote (decision 053).
function writerThreadOf(app: FastifyInstance, sqliteFile: string): InsertOrders {
  const writer = sqliteWriterThread(sqliteFile);
  const timer = setInterval(() => {
    checkpointWhenLarge(writer, sqliteFile).catch((error: unknown) =>
      app.log.warn({ err: error }, 'WAL checkpoint failed'),
    );
  }, CHECKPOINT_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await writer.close();
  });
  return writer.insertOrders;
}
