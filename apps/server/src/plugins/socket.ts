import { SOCKET_EVENTS } from '@comanda/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { SessionUser } from '../lib/authorization';
import { bearerToken } from '../lib/bearer-token';

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

/** The longest wait between two looks at a socket's session (Node's timers top out at ~24.8 days). */
const EXPIRY_CHECK_MAX_MS = 6 * 3_600_000;
const EXPIRY_CHECK_RETRY_MS = 60_000;
/** With several nodes: how often each looks again at the sessions of its signed-in sockets. */
export const SESSION_SWEEP_MS = 30_000;

/** `user` is null on an anonymous storefront socket: it hears public events and places nothing. */
export type AuthedSocket = Socket & { data: { user: SessionUser | null } };

export const rooms = {
  user: (id: number) => `user:${id}`,
  branch: (id: number) => `branch:${id}`,
  /** Every socket opened with one access token: closed together when that session ends. */
  session: (id: number) => `session:${id}`,
  /** Admins hear every branch, even one opened after they connected; `toBranch` always includes it. */
  allBranches: 'branch:*',
  /** Every socket with a live session, on every node: told `resync` after a Redis outage. */
  signedIn: 'signed-in',
};

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

    const redis = app.redis;
    if (redis) {
      const pub = redis.publisher();
      const sub = redis.subscriber();
      // The adapter publishes without awaiting, and delivers to this node's sockets itself: a
      // publish that fails (Redis away) must neither reject unhandled, which would stop the
      // process, nor keep this node's sockets from hearing the event. It only marks Redis away.
      const publish = pub.publish.bind(pub);
      pub.publish = ((...args: Parameters<typeof publish>) => {
        const sent = publish(...args);
        sent.catch((error: unknown) => redis.failed(error));
        return sent;
      }) as typeof pub.publish;
      // Channels named by this deployment: another deployment on the same Redis has other rooms
      // with the same names (branch:1), and must never hear them.
      io.adapter(createAdapter(pub, sub, { key: redis.key('socket.io') }));
    }

    io.use((socket, next) => {
      const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const fromQuery = socket.handshake.query.token;
      const token =
        (typeof fromAuth === 'string' && fromAuth) ||
        (typeof fromQuery === 'string' && fromQuery) ||
        bearerToken(socket.handshake.headers.authorization) ||
        '';
      if (!token) {
        socket.data.user = null;
        return next();
      }
      app.accounts
        .authenticate(token)
        .then((user) => {
          if (!user) return next(new Error('unauthorized'));
          socket.data.user = user;
          next();
        })
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'socket authentication failed');
          next(new Error('unavailable'));
        });
    });

    io.on('connection', (socket) => {
      const user = (socket as AuthedSocket).data.user;
      if (!user) return;
      void socket.join(rooms.user(user.id));
      if (user.role === 'admin') void socket.join(rooms.allBranches);
      else if (user.role === 'staff') void socket.join(user.branch_ids.map(rooms.branch));
      void socket.join([rooms.session(user.sessionId), rooms.signedIn]);
      closeAtExpiry(socket, user.sessionId);
    });

    // A token is checked at the handshake only; a session that ends later (logout, "cerrar las
    // demás sesiones", a deactivated account) closes its sockets here. Through the Redis adapter
    // this reaches the sockets on every node, not just the one that ended the session.
    // The adapter closes this node's sockets too only when it hears its own request back through
    // Redis: they are closed here first, so a logout works on this node while Redis is away.
    // Sessions ended here while Redis was away are told to the other nodes once it is back.
    const endedWhileAway = new Set<number>();
    app.accounts.onSessionsEnded((sessionIds) => {
      const sessionRooms = sessionIds.map(rooms.session);
      io.local.in(sessionRooms).disconnectSockets(true);
      if (redis?.available()) io.in(sessionRooms).disconnectSockets(true);
      else if (redis) for (const id of sessionIds) endedWhileAway.add(id);
    });

    if (redis) {
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
            io.to(rooms.signedIn).emit(SOCKET_EVENTS.resync, {});
            app.log.info('told signed-in sockets on every node to re-read after a redis outage');
          })
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'could not resynchronise sockets after a redis outage'),
          );
      });
      // A session ended while this node could not hear it, without an outage it noticed (Redis
      // answering nothing for a while): every signed-in socket's session is looked at again on a
      // short period, in batched queries (one per 500 sessions).
      const sweep = setInterval(() => void sweepSessions(), SESSION_SWEEP_MS).unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    }

    // One sweep at a time; one asked for while another runs waits for it and then looks again,
    // so a session ended during the running one is not missed. At most one waits.
    let sweepChain: Promise<void> = Promise.resolve();
    let sweepWaiting: Promise<void> | null = null;
    function sweepSessions(): Promise<void> {
      if (sweepWaiting) return sweepWaiting;
      const waiting = sweepChain.then(() => {
        sweepWaiting = null;
        return sweepOnce();
      });
      sweepWaiting = waiting;
      sweepChain = waiting;
      return waiting;
    }

    async function sweepOnce() {
      try {
        const bySession = new Map<number, Socket[]>();
        for (const socket of io.of('/').sockets.values()) {
          const user = (socket as AuthedSocket).data.user;
          if (!user) continue;
          const list = bySession.get(user.sessionId);
          if (list) list.push(socket);
          else bySession.set(user.sessionId, [socket]);
        }
        await Promise.all(
          [...bySession].map(async ([sessionId, sockets]) => {
            if ((await app.accounts.sessionExpiresAt(sessionId)) === null)
              for (const socket of sockets) socket.disconnect(true);
          }),
        );
      } catch (error) {
        // The database is unreachable: the next sweep looks again.
        app.log.warn({ err: error }, 'socket session sweep failed');
      }
    }

    // A session can also just expire (unused for SESSION_TTL_DAYS, or SESSION_MAX_DAYS old). Its
    // sockets look again when it would expire; use over HTTP may have pushed that back meanwhile.
    // Timers are capped: Node fires longer ones at once.
    function closeAtExpiry(socket: Socket, sessionId: number) {
      let timer: NodeJS.Timeout | undefined;
      const check = () => {
        app.accounts
          .sessionExpiresAt(sessionId)
          .then((expiresAt) => {
            if (socket.disconnected) return;
            if (!expiresAt) return void socket.disconnect(true);
            timer = setTimeout(
              check,
              Math.min(Math.max(expiresAt.getTime() - Date.now(), 0) + 50, EXPIRY_CHECK_MAX_MS),
            ).unref();
          })
          .catch((error: unknown) => {
            // The database is unreachable: look again later rather than drop a live customer.
            app.log.warn({ err: error }, 'socket session check failed');
            if (socket.connected) timer = setTimeout(check, EXPIRY_CHECK_RETRY_MS).unref();
          });
      };
      socket.once('disconnect', () => clearTimeout(timer));
      check();
    }

    app.decorate('io', io);
    app.decorate('realtime', {
      toUser: (userId, event, payload) => void io.to(rooms.user(userId)).emit(event, payload),
      toBranch: (branchId, event, payload) =>
        void io.to([rooms.branch(branchId), rooms.allBranches]).emit(event, payload),
      toUserAndBranch: (userId, branchId, event, payload) =>
        void io
          .to([rooms.user(userId), rooms.branch(branchId), rooms.allBranches])
          .emit(event, payload),
    } satisfies Realtime);

    // Fastify closes the HTTP server itself; Socket.IO only has to let its clients go.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      }).catch(() => undefined);
    });
  },
  { name: 'socket', dependencies: ['accounts', 'redis'] },
);
