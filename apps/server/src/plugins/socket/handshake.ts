import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { bearerToken } from '../../lib/bearer-token';
import { hashToken, looksLikeToken } from '../../lib/tokens';
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

const tokenHashes = new WeakMap<object, string | null>();

/**
 * The hash of a connection's token (lib/tokens.ts), worked out once for the socket's life: every
 * order it places looks its session up again. Null for none, or for what is not a token.
 */
function handshakeTokenHash(socket: Pick<Socket, 'handshake'>): string | null {
  let tokenHash = tokenHashes.get(socket);
  if (tokenHash === undefined) {
    const token = handshakeToken(socket);
    tokenHash = looksLikeToken(token) ? hashToken(token) : null;
    tokenHashes.set(socket, tokenHash);
  }
  return tokenHash;
}

/**
 * The user behind a connection's token now (accounts' lookup, remembered per decision 048), or
 * null: what the handshake admits and what every order of the socket checks again.
 */
export const socketSessionUser = (app: FastifyInstance, socket: Pick<Socket, 'handshake'>) => {
  const tokenHash = handshakeTokenHash(socket);
  return tokenHash ? app.accounts.authenticateHashed(tokenHash) : Promise.resolve(null);
};

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
    socketSessionUser(app, socket)
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
