import { SOCKET_EVENTS, CHECKOUT_MESSAGES, type ConfirmCartAnswer } from '@comanda/shared';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../lib/db-unavailable';
import type { AuthedSocket } from '../../plugins/socket';
import { createPlacementRepository } from './placement-repository';
import { createPlacementService, type PlacementService } from './placement-service';

declare module 'fastify' {
  interface FastifyInstance {
    placement: PlacementService;
  }
}

/** Order placement over the socket (spec §4/§7 `confirm-cart`) and its events to customers and staff. */
export const placementPlugin = fp(
  async (app) => {
    const service = createPlacementService({
      repository: createPlacementRepository(app.db),
      events: () => ({
        placed: (order, branchId) => app.realtime.toBranch(branchId, SOCKET_EVENTS.newOrder, order),
        statusChanged: (order, userId, branchId) => {
          const event = { order_id: order.id, status: order.status, status_text: order.status_text, at: order.history.at(-1)?.at ?? order.created_at };
          app.realtime.toUser(userId, SOCKET_EVENTS.orderStatus, { ...event, order });
          app.realtime.toBranch(branchId, SOCKET_EVENTS.orderStatus, { ...event, order });
        },
      }),
    });
    app.decorate('placement', service);

    app.io.on('connection', (socket) => {
      const user = (socket as AuthedSocket).data.user;
      socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
        void service
          .place(user, payload)
          .catch((error: unknown): ConfirmCartAnswer => {
            // Nothing was committed (the write is one transaction): "could not save, try again".
            // The client keeps its cart and retries with the same client_order_id, which also
            // settles a commit whose answer was lost with the connection.
            if (isDatabaseUnavailable(error)) app.log.warn({ err: error }, 'order placement failed: database unavailable');
            else app.log.error({ err: error }, 'order placement failed');
            return { status: false, client_order_id: clientOrderIdOf(payload), errors: { _: [CHECKOUT_MESSAGES.busy] } };
          })
          .then((answer) => {
            // Spec §7: the answer comes back as a `confirm-cart` event; an ack callback gets it too.
            if (socket.connected) socket.emit(SOCKET_EVENTS.confirmCart, answer);
            if (typeof ack === 'function') (ack as (answer: ConfirmCartAnswer) => void)(answer);
          });
      });
    });
  },
  { name: 'placement', dependencies: ['db', 'socket'] },
);

/** The id a payload names, when it names one, so the client can match the answer to its attempt. */
function clientOrderIdOf(payload: unknown): string | null {
  const id = (payload as { client_order_id?: unknown } | null)?.client_order_id;
  return typeof id === 'string' && id.length <= 64 ? id : null;
}
