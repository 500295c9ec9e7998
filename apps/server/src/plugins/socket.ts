import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { authenticateHandshake } from './socket/handshake';
import { useRedisAdapter } from './socket/redis-adapter';
import { joinRooms, rooms, type AuthedSocket } from './socket/rooms';
import { closeAtExpiry } from './socket/session-expiry';
import { closeEndedSessions } from './socket/session-ends';

export { rooms, type AuthedSocket } from './socket/rooms';
export { handshakeToken } from './socket/handshake';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    realtime: Realtime;
  }
}

export interface Realtime {
  toUser(userId: number, event: string, payload: unknown): void;
  toBranch(branchId: number, event: string, payload: unknown): void;
  /** One event to a customer and to a branch: encoded once, and once to a socket in both. */
  toUserAndBranch(userId: number, branchId: number, event: string, payload: unknown): void;
}

/**
 * Socket.IO on the API's own server and port. A connection may carry an access token (product.md «Wire contract»:
 * `token` in the query; `auth.token` or a Bearer header also work); a token that is not live is
 * refused ('unauthorized'), so the client knows its session ended. Each customer joins a room of
 * their own, staff join the room of each branch they work at, admins the chain-wide room
 * (decision 009). A connection without a token is an anonymous storefront: it joins no room and
 * hears only what goes to everyone (`availability`, `branch-status`). With Redis, rooms and
 * broadcasts span every node.
 */
export const socketPlugin = fp(
  async (app) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // Same origin only: the storefront is served by this server.
      cors: undefined,
      maxHttpBufferSize: 256 * 1024,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });

    if (app.redis) useRedisAdapter(io, app.redis);
    io.use(authenticateHandshake(app));
    io.on('connection', (socket) => {
      const user = (socket as AuthedSocket).data.user;
      if (!user) return;
      joinRooms(socket, user);
      closeAtExpiry(app, socket, user.sessionId);
    });
    closeEndedSessions(app, io);

    app.decorate('io', io);
    app.decorate('realtime', realtimeOf(io));
    closeWithApp(app, io);
  },
  { name: 'socket', dependencies: ['accounts', 'redis'] },
);

/** Events to a customer's room, a branch's (and the chain-wide room), or both. */
function realtimeOf(io: Server): Realtime {
  return {
    toUser: (userId, event, payload) => void io.to(rooms.user(userId)).emit(event, payload),
    toBranch: (branchId, event, payload) =>
      void io.to([rooms.branch(branchId), rooms.allBranches]).emit(event, payload),
    toUserAndBranch: (userId, branchId, event, payload) =>
      void io
        .to([rooms.user(userId), rooms.branch(branchId), rooms.allBranches])
        .emit(event, payload),
  };
}

// Fastify closes the HTTP server itself; Socket.IO only has to let its clients go.
function closeWithApp(app: FastifyInstance, io: Server) {
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    }).catch(() => undefined);
  });
}
