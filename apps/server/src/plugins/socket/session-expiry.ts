import type { FastifyInstance } from 'fastify';
import type { AuthedSocket } from './io-types';

/** The longest wait between two looks at a socket's session (Node's timers top out at ~24.8 days). */
const EXPIRY_CHECK_MAX_MS = 6 * 3_600_000;
const EXPIRY_CHECK_RETRY_MS = 60_000;

// A session can also just expire (unused for SESSION_TTL_DAYS, or SESSION_MAX_DAYS old). Its
// sockets look again when it would expire; use over HTTP may have pushed that back meanwhile.
// Timers are capped: Node fires longer ones at once.
export function closeAtExpiry(app: FastifyInstance, socket: AuthedSocket, sessionId: number) {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    app.accounts
      .sessionExpiresAt(sessionId)
      .then((expiresAt) => {
        if (socket.disconnected) return;
        if (!expiresAt) return void socket.disconnect(true);
        timer = setTimeout(
          check,
          Math.min(Math.max(expiresAt.getTime() - app.clock.now(), 0) + 50, EXPIRY_CHECK_MAX_MS),
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
