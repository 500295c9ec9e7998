import type { FastifyInstance } from 'fastify';
import type { AuthedSocket, SocketServer } from './io-types';

/** Looks again at the session of every signed-in socket of this node; closes those that ended. */
async function sweepOnce(app: FastifyInstance, io: SocketServer) {
  try {
    const bySession = new Map<number, AuthedSocket[]>();
    for (const socket of io.of('/').sockets.values()) {
      const user = socket.data.user;
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

/**
 * The sweep of this node's sockets' sessions, as a function to call whenever it is wanted.
 * One sweep at a time; one asked for while another runs waits for it and then looks again,
 * so a session ended during the running one is not missed. At most one waits.
 */
export function sessionSweep(app: FastifyInstance, io: SocketServer): () => Promise<void> {
  let sweepChain: Promise<void> = Promise.resolve();
  let sweepWaiting: Promise<void> | null = null;
  return function sweepSessions(): Promise<void> {
    if (sweepWaiting) return sweepWaiting;
    const waiting = sweepChain.then(() => {
      sweepWaiting = null;
      return sweepOnce(app, io);
    });
    sweepWaiting = waiting;
    sweepChain = waiting;
    return waiting;
  };
}
