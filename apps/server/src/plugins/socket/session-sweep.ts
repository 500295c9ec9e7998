import type { FastifyInstance } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AuthedSocket } from './rooms';

/** Looks again at the session of every signed-in socket of this node; closes those that ended. */
async function sweepOnce(app: FastifyInstance, io: Server) {
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

/**
 * The sweep of this node's sockets' sessions, as a function to call whenever it is wanted.
 * One sweep at a time; one asked for while another runs waits for it and then looks again,
 * so a session ended during the running one is not missed. At most one waits.
 */
export function sessionSweep(app: FastifyInstance, io: Server): () => Promise<void> {
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
