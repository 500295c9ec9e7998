import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/dialect';
import { threadDatabaseOf, type ThreadDatabase } from '../../db/thread-connection';
import { hearConfirmCart } from './placement/confirm-cart';
import { payloadThread } from './placement/payload-thread';
import { createOrdersDeps, createOrdersService, type OrdersService } from './service';
import type { InsertOrders } from './types';
import {
  CHECKPOINT_CHECK_MS,
  checkpointWhenLarge,
  orderWriterThread,
} from './writing/writer-thread';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/**
 * Orders: placement over the socket (product.md «States and transitions, Wire contract»
 * `confirm-cart`, heard in placement/confirm-cart.ts), their events to customers and staff
 * (events.ts), and app.orders for the routes and the other modules (service.ts).
 */
export const ordersPlugin = fp<{ config: Config; database: DatabaseHandle }>(
  async (app, { config, database }) => {
    const thread = threadDatabaseOf(database);
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
      insertOrders: thread ? writerThreadOf(app, thread) : undefined,
      readPayloads: thread ? payloadThreadOf(app) : undefined,
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

// Wherever the orders are written on a thread, new orders' payloads are read on one too (decision
// 103). An in-memory SQLite (tests, tools) reads them on the event loop, as it writes them there.
function payloadThreadOf(app: FastifyInstance) {
  const payloads = payloadThread();
  app.addHook('onClose', payloads.close);
  return payloads.read;
}

// On an SQLite file or a PostgreSQL database the group commit writes on a thread of its own
// (decisions 025 and 102). On SQLite it also checkpoints what the event loop's connection wrote
// (decision 053).
function writerThreadOf(app: FastifyInstance, target: ThreadDatabase): InsertOrders {
  const writer = orderWriterThread(target);
  const sqliteFile = 'sqliteFile' in target ? target.sqliteFile : null;
  const timer = sqliteFile
    ? setInterval(() => {
        checkpointWhenLarge(writer, sqliteFile).catch((error: unknown) =>
          app.log.warn({ err: error }, 'WAL checkpoint failed'),
        );
      }, CHECKPOINT_CHECK_MS).unref()
    : null;
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await writer.close();
  });
  return writer.insertOrders;
}
