// The start of an order's path: the socket's `confirm-cart` (product.md «Wire contract»), heard
// on every connection, answered as an event and to the ack.
import {
  CHECKOUT_MESSAGES,
  SESSION_MESSAGES,
  SOCKET_EVENTS,
  type ConfirmCartAnswer,
  type PlacedOrder,
} from '@comanda/shared';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import type { SessionUser } from '../../../lib/authorization';
import { isDatabaseUnavailable } from '../../../lib/db-unavailable';
import { socketSessionUser, writeAround, type AuthedSocket } from '../../../plugins/socket';
import type { PayloadRead } from '../types';
import { clientOrderIdOfRead } from './payload';
import { place, type PlacementDeps } from './place';

/** A socket's `confirm-cart`: the order placed, or why not, answered as an event and to the ack. */
export function hearConfirmCart(app: FastifyInstance, deps: PlacementDeps, socket: Socket) {
  const user = (socket as AuthedSocket).data.user;
  socket.on(SOCKET_EVENTS.confirmCart, (payload: unknown, ack?: unknown) => {
    // A stopping node takes no new order (socket-work.ts): its connection is about to close, and
    // the client sends the order again, same id, on its next connection, to another node.
    app.socketWork.take(() => {
      // Read on the payloads' thread when it came as text (decision 103); never rejects.
      const reading = deps.readPayload(payload);
      // An anonymous storefront socket listens to public events; ordering needs a session.
      // The token was checked at the handshake; the session may have ended since (on another
      // node, or before its sockets were closed). One lookup by id settles it before anything is stored.
      const placed = user
        ? placeIfLive(app, deps, socket, user, reading)
        : Promise.resolve(reading).then(refuseAnonymous);
      return answerWhenPlaced(app, socket, placed, reading, ack);
    });
  });
}

/** product.md «Wire contract»: the answer comes back as a `confirm-cart` event; an ack callback gets it too. */
async function answerWhenPlaced(
  app: FastifyInstance,
  socket: Socket,
  placed: Promise<ConfirmCartAnswer>,
  reading: PayloadRead | Promise<PayloadRead>,
  ack: unknown,
): Promise<void> {
  const answer = await placed.catch(async (error: unknown) =>
    placementFailed(app, error, clientOrderIdOfRead(await reading)),
  );
  if (answer.status) logPlaced(app, socket, answer.order);
  // Written as JSON once for the event and the ack, around the order the board was sent.
  writeAround(answer);
  if (socket.connected) app.realtime.toSocket(socket, SOCKET_EVENTS.confirmCart, answer);
  if (typeof ack === 'function') (ack as (answer: ConfirmCartAnswer) => void)(answer);
}

/**
 * The order's line in the log (info): which order, at which branch, in which status (accepted
 * already when the branch accepts by itself), with the request id of the socket's handshake when
 * a trusted proxy gave a safe one (lib/request-id.ts), else the socket's: what ties the order to
 * the proxy's log. Staff's steps are logged by their routes with their own request's.
 */
function logPlaced(app: FastifyInstance, socket: Socket, order: PlacedOrder) {
  app.log.info(
    {
      reqId: app.requestIds.given(socket.request) ?? `socket-${socket.id}`,
      order_id: order.id,
      branch_id: order.branch_office.id,
      status: order.status,
    },
    'order placed',
  );
}

/** The order placed (placement/place.ts) while the socket's session is still live; else why not. */
async function placeIfLive(
  app: FastifyInstance,
  deps: PlacementDeps,
  socket: Socket,
  user: SessionUser,
  reading: PayloadRead | Promise<PayloadRead>,
): Promise<ConfirmCartAnswer> {
  // The token is looked up as every request's is: from the session cache (decision 048) while
  // this node hears the others' revocations, so an order costs the database no session read.
  const current = await socketSessionUser(app, socket);
  if (current?.sessionId === user.sessionId) return place(deps, current, reading);
  const clientOrderId = clientOrderIdOfRead(await reading);
  // Answered first, then closed: the customer reads why, and their app reconnects to find out.
  setImmediate(() => socket.disconnect(true));
  return { status: false, client_order_id: clientOrderId, errors: { _: [SESSION_MESSAGES.ended] } };
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

function refuseAnonymous(read: PayloadRead): ConfirmCartAnswer {
  return {
    status: false,
    client_order_id: clientOrderIdOfRead(read),
    errors: { _: [CHECKOUT_MESSAGES.unauthorized] },
  };
}
