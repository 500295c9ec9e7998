import { CHECKOUT_MESSAGES, SOCKET_EVENTS, type ConfirmCartAnswer, type OrderStatusEvent } from '@comanda/shared';
import fp from 'fastify-plugin';
import type { AuthedSocket } from '../../plugins/socket';
import { createOrdersRepository } from './repository';
import { createOrdersService, type OrdersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Orders: placement over the socket (spec §4/§7 `confirm-cart`), their events to customers and staff. */
export const ordersPlugin = fp(
  async (app) => {
    const service = createOrdersService({
      repository: createOrdersRepository(app.db),
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
          app.realtime.toUser(userId, SOCKET_EVENTS.orderStatus, event);
          app.realtime.toBranch(branchId, SOCKET_EVENTS.orderStatus, event);
        },
      },
    });
    app.decorate('orders', service);
    // A pause (or any branch change) made on any node applies to the next order here.
    app.catalogEvents.subscribe((change) => {
      if (change.type === 'branch') service.forgetBranch(change.branch_id);
    });

    app.io.on('connection', (socket) => {
      const user = (socket as AuthedSocket).data.user;
      socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
        // An anonymous storefront socket listens to public events; ordering needs a session.
        const placed = user ? service.place(user, payload) : Promise.resolve(refuseAnonymous(payload));
        void placed
          .catch((error: unknown): ConfirmCartAnswer => {
            app.log.error({ err: error }, 'order placement failed');
            return { status: false, client_order_id: null, errors: { _: [CHECKOUT_MESSAGES.busy] } };
          })
          .then((answer) => {
            // Spec §7: the answer comes back as a `confirm-cart` event; an ack callback gets it too.
            if (socket.connected) socket.emit(SOCKET_EVENTS.confirmCart, answer);
            if (typeof ack === 'function') (ack as (answer: ConfirmCartAnswer) => void)(answer);
          });
      });
    });
  },
  { name: 'orders', dependencies: ['db', 'socket', 'catalog-events'] },
);

function refuseAnonymous(payload: unknown): ConfirmCartAnswer {
  const clientOrderId = (payload as { client_order_id?: unknown } | null)?.client_order_id;
  return {
    status: false,
    client_order_id: typeof clientOrderId === 'string' ? clientOrderId.slice(0, 64) : null,
    errors: { _: [CHECKOUT_MESSAGES.unauthorized] },
  };
}
