import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../../src/app';

/** Listens on a free port so real Socket.IO clients can connect. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A client as the original storefront opens it: the token in the query, websocket transport. */
export function openSocket(
  url: string,
  token: string | null,
  options: { viaAuth?: boolean } = {},
): Socket {
  return connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? (options.viaAuth ? { auth: { token } } : { query: { token } }) : {}),
  });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export function connectError(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

/** The next event of that name, or a timeout failure. */
export function next<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Emits confirm-cart and waits for the answer that carries the same client_order_id. */
export function confirmCart<T extends { client_order_id: string | null }>(
  socket: Socket,
  payload: unknown,
  timeoutMs = 10_000,
): Promise<T> {
  const id = (payload as { client_order_id?: unknown } | null)?.client_order_id ?? null;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no confirm-cart answer')), timeoutMs);
    const onAnswer = (answer: T) => {
      if (answer.client_order_id !== (typeof id === 'string' ? id : null)) return;
      clearTimeout(timer);
      socket.off('confirm-cart', onAnswer);
      resolve(answer);
    };
    socket.on('confirm-cart', onAnswer);
    socket.emit('confirm-cart', payload);
  });
}

/** Resolves with the reason when the socket is disconnected, or fails after a timeout. */
export function disconnected(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already disconnected');
    const timer = setTimeout(
      () => reject(new Error(`still connected after ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
