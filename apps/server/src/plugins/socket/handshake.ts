import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { bearerToken } from '../../lib/bearer-token';
import type { SocketServer } from './io-types';

/** The access token a connection carries (`auth.token`, the `token` query or a Bearer header); '' for none. */
export function handshakeToken(socket: Pick<Socket, 'handshake'>): string {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  return (
    (typeof fromAuth === 'string' && fromAuth) ||
    (typeof fromQuery === 'string' && fromQuery) ||
    bearerToken(socket.handshake.headers.authorization) ||
    ''
  );
}

/**
 * The handshake's middleware: a connection without a token is an anonymous storefront (`user`
 * null); one with a live token carries its session's user; any other token is refused
 * ('unauthorized'), and a failed lookup is 'unavailable'.
 */
export function authenticateHandshake(app: FastifyInstance): Parameters<SocketServer['use']>[0] {
  return (socket, next) => {
    const token = handshakeToken(socket);
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
  };
}
