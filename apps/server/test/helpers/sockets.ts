import { socketEventSchemas } from '@comanda/shared';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../../src/app';

/** Listens on a free port so real Socket.IO clients can connect. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export class SocketContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SocketContractViolation';
  }
}

/**
 * Every event a test's client receives is checked against the real-time contract
 * (`socketEventSchemas`): an event not in it, or a payload it does not describe, is thrown where
 * the client receives it, which fails the run as an unhandled error naming the event.
 */
function checkEvents(socket: Socket): Socket {
  socket.onAny((event: string, payload: unknown) => {
    const schema = (
      socketEventSchemas as Record<
        string,
        (typeof socketEventSchemas)[keyof typeof socketEventSchemas]
      >
    )[event];
    if (!schema)
      throw new SocketContractViolation(
        `the server sent "${event}", an event the contract does not list`,
      );
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new SocketContractViolation(
        `"${event}" does not match the contract: ${parsed.error.issues
          .slice(0, 5)
          .map((issue) => `${issue.path.join('.') || '/'} ${issue.message}`)
          .join('; ')}`,
      );
    }
  });
  return socket;
}

/** A client as the original storefront opens it: the token in the query, websocket transport. */
export function openSocket(
  url: string,
  token: string | null,
  options: { viaAuth?: boolean } = {},
): Socket {
  return checkEvents(
    connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(token ? (options.viaAuth ? { auth: { token } } : { query: { token } }) : {}),
    }),
  );
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
