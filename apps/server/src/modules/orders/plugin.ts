import {
  CHECKOUT_MESSAGES,
  SESSION_MESSAGES,
  SOCKET_EVENTS,
  type ConfirmCartAnswer,
  type OrderStatusEvent,
} from '@comanda/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { isDatabaseUnavailable } from '../../lib/db-unavailable';
import type { Socket } from 'socket.io';
import type { SessionUser } from '../../lib/authorization';
import { handshakeToken, type AuthedSocket } from '../../plugins/socket';
import { createOrdersRepository } from './repository';
import {
  clientOrderIdOf,
  createOrdersService,
  type OrderEvents,
  type OrdersService,
} from './service';
import { CHECKPOINT_CHECK_MS, checkpointWhenLarge, sqliteWriterThread } from './writer-thread';

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
    const service = createOrdersService({
      repository: ordersRepositoryOf(app, sqliteFile),
      rateLimiter: app.rateLimiter,
      limits: {
        ordersPerMinute: config.ORDER_RATE_LIMIT_PER_MINUTE,
        maxUnits: config.ORDER_MAX_UNITS,
        maxTotal: config.ORDER_MAX_TOTAL,
      },
      writers: app.dialect === 'postgres' ? POSTGRES_WRITERS : 1,
      audit: app.audit,
      events: orderEventsOf(app),
    });
    app.decorate('orders', service);
    // A pause, a price or a sold-out switch made on any node applies to the next order here.
    app.catalogEvents.subscribe((change) => service.forget(change));
    app.io.on('connection', (socket) => hearConfirmCart(app, service, socket));
  },
  { name: 'orders', dependencies: ['db', 'socket', 'rate-limit', 'catalog-events', 'audit'] },
);

// On an SQLite file the group commit writes on a thread of its own (decision 025), which also
// checkpoints what the event loop's connection wrote (decision 053).
function ordersRepositoryOf(app: FastifyInstance, sqliteFile: string | undefined) {
  const stored = createOrdersRepository(app.db, app.dialect);
  const writer = sqliteFile ? sqliteWriterThread(sqliteFile) : null;
  if (writer && sqliteFile) {
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
  }
  return writer ? { ...stored, insertOrders: writer.insertOrders } : stored;
}

/** A new order to its branch; a status change to its customer and its branch. */
function orderEventsOf(app: FastifyInstance): OrderEvents {
  return {
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
  };
}

/** A socket's `confirm-cart`: the order placed, or why not, answered as an event and to the ack. */
function hearConfirmCart(app: FastifyInstance, service: OrdersService, socket: Socket) {
  const user = (socket as AuthedSocket).data.user;
  socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
    // An anonymous storefront socket listens to public events; ordering needs a session.
    // The token was checked at the handshake; the session may have ended since (on another
    // node, or before its sockets were closed). One lookup by id settles it before anything is stored.
    const placed = user
      ? placeIfLive(app, service, socket, user, payload)
      : Promise.resolve(refuseAnonymous(payload));
    // Taken now, so that no callback below keeps the whole payload (the storefront sends
    // every cart item whole) alive until the order commits and the answer is sent.
    const clientOrderId = clientOrderIdOf(payload);
    void placed
      .catch((error: unknown) => placementFailed(app, error, clientOrderId))
      .then((answer) => {
        // product.md «Wire contract»: the answer comes back as a `confirm-cart` event; an ack callback gets it too.
        if (socket.connected) socket.emit(SOCKET_EVENTS.confirmCart, answer);
        if (typeof ack === 'function') (ack as (answer: ConfirmCartAnswer) => void)(answer);
      });
  });
}

// Nothing was committed (the write is one transaction): "could not save, try again".
// The client keeps its cart and retries with the same client_order_id, which also
// settles a commit whose answer was lost with the connection.
function placementFailed(
  app: FastifyInstance,
  error: unknown,
  clientOrderId: string | null,
): ConfirmCartAnswer {
  if (isDatabaseUnavailable(error))
    app.log.warn({ err: error }, 'order placement failed: database unavailable');
  else app.log.error({ err: error }, 'order placement failed');
  return {
    status: false,
    client_order_id: clientOrderId,
    errors: { _: [CHECKOUT_MESSAGES.busy] },
  };
}

async function placeIfLive(
  app: FastifyInstance,
  service: OrdersService,
  socket: Socket,
  user: SessionUser,
  payload: unknown,
): Promise<ConfirmCartAnswer> {
  // The token is looked up as every request's is: from the session cache (decision 048) while
  // this node hears the others' revocations, so an order costs the database no session read.
  const current = await app.accounts.authenticate(handshakeToken(socket));
  if (current?.sessionId === user.sessionId) return service.place(current, payload);
  // Answered first, then closed: the customer reads why, and their app reconnects to find out.
  setImmediate(() => socket.disconnect(true));
  return {
    status: false,
    client_order_id: clientOrderIdOf(payload),
    errors: { _: [SESSION_MESSAGES.ended] },
  };
}

function refuseAnonymous(payload: unknown): ConfirmCartAnswer {
  return {
    status: false,
    client_order_id: clientOrderIdOf(payload),
    errors: { _: [CHECKOUT_MESSAGES.unauthorized] },
  };
}
