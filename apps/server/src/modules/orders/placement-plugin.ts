import { SOCKET_EVENTS, CHECKOUT_MESSAGES, SESSION_MESSAGES, type ConfirmCartAnswer } from '@comanda/shared';
import fp from 'fastify-plugin';
import type { AuthedSocket } from '../../plugins/socket';
import { createPlacementRepository } from './placement-repository';
import { clientOrderIdOf, createPlacementService, type PlacementService } from './placement-service';

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
      socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
        // The token was checked at the handshake; the session may have ended since (on another
        // node, or before its sockets were closed). One lookup by id settles it before anything is stored.
        void placeIfLive(socket as AuthedSocket, payload)
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

    async function placeIfLive(socket: AuthedSocket, payload: unknown): Promise<ConfirmCartAnswer> {
      const user = socket.data.user;
      if (await app.accounts.sessionExpiresAt(user.sessionId)) return service.place(user, payload);
      // Answered first, then closed: the customer reads why, and their app reconnects to find out.
      setImmediate(() => socket.disconnect(true));
      return { status: false, client_order_id: clientOrderIdOf(payload), errors: { _: [SESSION_MESSAGES.ended] } };
    }
  },
  { name: 'placement', dependencies: ['db', 'socket'] },
);
