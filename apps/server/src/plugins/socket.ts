import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { authenticateHandshake } from './socket/handshake';
import { useRedisAdapter } from './socket/redis-adapter';
import type { SocketServer } from './socket/io-types';
import { realtimeOf, type Realtime } from './socket/realtime';
import { joinRooms } from './socket/rooms';
import { closeAtExpiry } from './socket/session-expiry';
import { closeEndedSessions } from './socket/session-ends';
import { socketWork, type SocketWork } from './socket/socket-work';
import { textParser } from './socket/text-parser';
import { TextFrameServer } from './socket/text-frames';
import { oneWritePerTick } from './socket/one-write-per-tick';

export { rooms } from './socket/rooms';
export type { AuthedSocket, SocketServer } from './socket/io-types';
export type { Realtime } from './socket/realtime';
export { socketSessionUser } from './socket/handshake';
export { writeAround, writeOnce } from './socket/json-once';
export { UnreadJson } from './socket/unread-json';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO itself: for connections and their lifecycle. Events go out through `realtime`. */
    io: SocketServer;
    /** The one emitter of Socket.IO events (decision 064). */
    realtime: Realtime;
    /** What sockets asked for and wait to hear back: a stop answers it first (decision 078). */
    socketWork: SocketWork;
  }
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
    const io: SocketServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // Same origin only: the storefront is served by this server.
      cors: undefined,
      maxHttpBufferSize: 256 * 1024,
      pingInterval: 25_000,
      pingTimeout: 20_000,
      parser: textParser,
      wsEngine: TextFrameServer,
    });

    oneWritePerTick(io);
    if (app.redis) await useRedisAdapter(io, app.redis);
    io.use(authenticateHandshake(app));
    io.on('connection', (socket) => {
      const user = socket.data.user;
      if (!user) return;
      joinRooms(socket, user);
      closeAtExpiry(app, socket, user.sessionId);
    });
    app.decorate('io', io);
    app.decorate('realtime', realtimeOf(io));
    app.decorate('socketWork', socketWork());
    closeEndedSessions(app, io);
    closeWithApp(app, io);
  },
  { name: 'socket', dependencies: ['accounts', 'redis'] },
);

// Fastify closes the HTTP server itself; Socket.IO only has to let its clients go (decision 078):
// once what they asked for is answered, each connection closes at the transport, after what is
// queued for it is sent, without a Socket.IO disconnect packet. The client takes that as a lost
// connection and reconnects by itself (through the proxy, to another node); a server-side
// disconnect() would tell it not to.
function closeWithApp(app: FastifyInstance, io: SocketServer) {
  app.addHook('preClose', async () => {
    await app.socketWork.finish();
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    }).catch(() => undefined);
  });
}
