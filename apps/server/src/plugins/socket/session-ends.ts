import { SOCKET_EVENTS } from '@comanda/shared';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../redis';
import type { SocketServer } from './io-types';
import { rooms } from './rooms';
import { sessionSweep } from './session-sweep';

/** With several nodes: how often each looks again at the sessions of its signed-in sockets. */
export const SESSION_SWEEP_MS = 30_000;

// A token is checked at the handshake only; a session that ends later (logout, "cerrar las
// demás sesiones", a deactivated account) closes its sockets here. Through the Redis adapter
// this reaches the sockets on every node, not just the one that ended the session.
// The adapter closes this node's sockets too only when it hears its own request back through
// Redis: they are closed here first, so a logout works on this node while Redis is away.
// Sessions ended here while Redis was away are told to the other nodes once it is back.
export function closeEndedSessions(app: FastifyInstance, io: SocketServer) {
  const redis = app.redis;
  const endedWhileAway = new Set<number>();
  app.accounts.onSessionsEnded((sessionIds) => {
    const sessionRooms = sessionIds.map(rooms.session);
    io.local.in(sessionRooms).disconnectSockets(true);
    if (redis?.available()) io.in(sessionRooms).disconnectSockets(true);
    else if (redis) for (const id of sessionIds) endedWhileAway.add(id);
  });
  if (redis) {
    const sweepSessions = sessionSweep(app, io);
    resyncAfterOutage(app, io, redis, endedWhileAway, sweepSessions);
    sweepPeriodically(app, sweepSessions);
  }
}

function resyncAfterOutage(
  app: FastifyInstance,
  io: SocketServer,
  redis: RedisLink,
  endedWhileAway: Set<number>,
  sweepSessions: () => Promise<void>,
) {
  // Back from an outage, this node may have missed what the others published (orders, status
  // changes, session ends), and they what it could not publish. The sessions it ended
  // meanwhile are closed on every node; it looks again at the sessions of its own signed-in
  // sockets (an ended one is closed); then every signed-in socket, on every node, is told
  // `resync`: the web client re-reads what it shows (the board its open orders, a customer
  // their order), as after a reconnection. Redis delivers the closing before the `resync`.
  // Anonymous storefronts only hear catalogue events, which catalog-events resynchronises.
  redis.onRecovered(() => {
    if (endedWhileAway.size > 0) {
      io.in([...endedWhileAway].map(rooms.session)).disconnectSockets(true);
      endedWhileAway.clear();
    }
    sweepSessions()
      .then(() => {
        app.realtime.toSignedIn(SOCKET_EVENTS.resync, {});
        app.log.info('told signed-in sockets on every node to re-read after a redis outage');
      })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not resynchronise sockets after a redis outage'),
      );
  });
}

function sweepPeriodically(app: FastifyInstance, sweepSessions: () => Promise<void>) {
  // A session ended while this node could not hear it, without an outage it noticed (Redis
  // answering nothing for a while): every signed-in socket's session is looked at again on a
  // short period, in batched queries (one per 500 sessions).
  const sweep = setInterval(() => void sweepSessions(), SESSION_SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
