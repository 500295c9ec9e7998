import {
  CHECKOUT_MESSAGES,
  SESSION_MESSAGES,
  SOCKET_EVENTS,
  type ConfirmCartAnswer,
  type OrderStatusEvent,
} from '@comanda/shared';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { isDatabaseUnavailable } from '../../lib/db-unavailable';
import type { Socket } from 'socket.io';
import type { SessionUser } from '../../lib/authorization';
import type { AuthedSocket } from '../../plugins/socket';
import { createOrdersRepository } from './repository';
import { clientOrderIdOf, createOrdersService, type OrdersService } from './service';
import { sqliteWriterThread } from './writer-thread';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Group-commit transactions in flight on PostgreSQL (decision 018): measured with bench:orders. */
const POSTGRES_WRITERS = 2;

/** Orders: placement over the socket (product.md «States and transitions, Wire contract» `confirm-cart`), their events to customers and staff. */
export const ordersPlugin = fp<{ config: Config; sqliteFile?: string }>(
  async (app, { config, sqliteFile }) => {
    // On an SQLite file the group commit writes on a thread of its own (decision 025).
    const stored = createOrdersRepository(app.db, app.dialect);
    const writer = sqliteFile ? sqliteWriterThread(sqliteFile) : null;
    if (writer) app.addHook('onClose', () => writer.close());
    const repository = writer ? { ...stored, insertOrders: writer.insertOrders } : stored;
    const service = createOrdersService({
      repository,
      rateLimiter: app.rateLimiter,
      limits: {
        ordersPerMinute: config.ORDER_RATE_LIMIT_PER_MINUTE,
        maxUnits: config.ORDER_MAX_UNITS,
        maxTotal: config.ORDER_MAX_TOTAL,
      },
      writers: app.dialect === 'postgres' ? POSTGRES_WRITERS : 1,
      audit: app.audit,
      events: {
        placed: (order, branchId) => app.realtime.toBranch(branchId, SOCKET_EVENTS.newOrder, order),
        statusChanged: (order, userId, branchId) => {
          const event: OrderStatusEvent = {
            order_id: order.id,
            status: order.status,
            status_text: order.status_text,
            at: order.history.at(-1)?.at ?? order.created_at,
            promised_at: order.promised_at,
            reason: order.reject_reason,
            order,
          };
          app.realtime.toUserAndBranch(userId, branchId, SOCKET_EVENTS.orderStatus, event);
        },
      },
    });
    app.decorate('orders', service);
    // A pause, a price or a sold-out switch made on any node applies to the next order here.
    app.catalogEvents.subscribe((change) => service.forget(change));

    app.io.on('connection', (socket) => {
      const user = (socket as AuthedSocket).data.user;
      socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
        // An anonymous storefront socket listens to public events; ordering needs a session.
        // The token was checked at the handshake; the session may have ended since (on another
        // node, or before its sockets were closed). One lookup by id settles it before anything is stored.
        const placed = user
          ? placeIfLive(socket, user, payload)
          : Promise.resolve(refuseAnonymous(payload));
        // Taken now, so that no callback below keeps the whole payload (the storefront sends
        // every cart item whole) alive until the order commits and the answer is sent.
        const clientOrderId = clientOrderIdOf(payload);
        void placed
          .catch((error: unknown): ConfirmCartAnswer => {
            // Nothing was committed (the write is one transaction): "could not save, try again".
            // The client keeps its cart and retries with the same client_order_id, which also
            // settles a commit whose answer was lost with the connection.
            if (isDatabaseUnavailable(error))
              app.log.warn({ err: error }, 'order placement failed: database unavailable');
            else app.log.error({ err: error }, 'order placement failed');
            return {
              status: false,
              client_order_id: clientOrderId,
              errors: { _: [CHECKOUT_MESSAGES.busy] },
            };
          })
          .then((answer) => {
            // product.md «Wire contract»: the answer comes back as a `confirm-cart` event; an ack callback gets it too.
            if (socket.connected) socket.emit(SOCKET_EVENTS.confirmCart, answer);
            if (typeof ack === 'function') (ack as (answer: ConfirmCartAnswer) => void)(answer);
          });
      });
    });

    async function placeIfLive(
      socket: Socket,
      user: SessionUser,
      payload: unknown,
    ): Promise<ConfirmCartAnswer> {
      if (await app.accounts.sessionExpiresAt(user.sessionId)) return service.place(user, payload);
      // Answered first, then closed: the customer reads why, and their app reconnects to find out.
      setImmediate(() => socket.disconnect(true));
      return {
        status: false,
        client_order_id: clientOrderIdOf(payload),
        errors: { _: [SESSION_MESSAGES.ended] },
      };
    }
  },
  { name: 'orders', dependencies: ['db', 'socket', 'rate-limit', 'catalog-events', 'audit'] },
);

function refuseAnonymous(payload: unknown): ConfirmCartAnswer {
  return {
    status: false,
    client_order_id: clientOrderIdOf(payload),
    errors: { _: [CHECKOUT_MESSAGES.unauthorized] },
  };
}
