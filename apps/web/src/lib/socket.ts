import { SOCKET_RECONNECT } from '@comanda/shared';
import { io, type Socket } from 'socket.io-client';

/**
 * The app's one Socket.IO connection (spec §4 "App start", §7, §9). It exists exactly while the
 * session holds a token: opened at start or on login, replaced when the token changes, closed on
 * logout. This module (and socket.io-client with it) is loaded lazily by src/app/provider.tsx,
 * so a logged-out first visit downloads none of it.
 *
 * Features never touch the Socket object's lifecycle: they listen with `onSocketEvent` and
 * `onSocketConnect` (which survive reconnections and token changes) and emit with `emitNow`.
 */

/** Spec §9 reconnect settings (packages/shared/src/socket.ts: no zod there, so nothing heavy comes with them). */
export const RECONNECT = SOCKET_RECONNECT;

/** The server's connect_error message for a missing, revoked or expired token. */
export const UNAUTHORIZED = 'unauthorized';

type Listener = (payload: unknown) => void;

let started = false;
let socket: Socket | null = null;
let socketToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const eventListeners = new Map<string, Set<Listener>>();
const connectListeners = new Set<(socket: Socket) => void>();

function open(token: string): Socket {
  const next = io({
    path: '/socket.io',
    query: { token },
    ...RECONNECT,
    // Websocket first: behind a load balancer it needs no sticky sessions (polling does).
    // Polling stays as the fallback for networks that block websockets.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Each token gets its own Manager; a shared one would keep the previous token's query.
    forceNew: true,
  });
  next.on('connect', () => {
    for (const listener of connectListeners) listener(next);
  });
  next.onAny((event: string, payload: unknown) => {
    for (const listener of eventListeners.get(event) ?? []) listener(payload);
  });
  next.on('disconnect', (reason: string) => {
    // The server closed this connection on purpose: its session ended (a logout or "cerrar las
    // demás sesiones" elsewhere) or the node is shutting down. socket.io-client does not come
    // back by itself after that; one more try either reaches a live node or hears
    // 'unauthorized', which logs this device out.
    if (reason !== 'io server disconnect' || next !== socket) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (next === socket) next.connect();
    }, RECONNECT.reconnectionDelay);
  });
  next.on('connect_error', (error: Error) => {
    if (next !== socket) return;
    if (error.message === UNAUTHORIZED) {
      expireSession();
      return;
    }
    // A refusal by the server's middleware ('unavailable') is not retried by socket.io itself
    // (`active` turns false); network errors are, with the spec's backoff.
    if (!next.active) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (next === socket) next.connect();
      }, RECONNECT.reconnectionDelayMax);
    }
  });
  return next;
}

/**
 * The session store as far as the socket cares (the app passes its zustand store; lib imports no
 * stores): the token to connect with, a way to follow it, and a way to end a dead session.
 */
export interface SessionSource {
  getState: () => { access_token: string | null };
  subscribe: (listener: () => void) => unknown;
  setState: (partial: { access_token: null; user: null; loggedIn: false }) => void;
}

let session: SessionSource | null = null;

/**
 * The server refused the token (revoked, expired, unknown): the customer is logged out. Nobody
 * asked to lose the cart or the chosen branch, so those stay: whoever logs in again mid-checkout
 * finds the order as they left it.
 */
function expireSession(): void {
  session?.setState({ access_token: null, user: null, loggedIn: false });
}

function sync(token: string | null): void {
  if (token === socketToken) return;
  clearTimeout(retryTimer);
  socket?.disconnect();
  socket = null;
  socketToken = token;
  if (token) socket = open(token);
}

/** Spec §4: follow the session. Idempotent; the provider calls it once a token exists. */
export function startRealtime(source: SessionSource): void {
  if (started) return;
  started = true;
  session = source;
  sync(source.getState().access_token);
  source.subscribe(() => sync(source.getState().access_token));
}

/** The current socket, connected or not; null while logged out (or before the app started it). */
export function getSocket(): Socket | null {
  return socket;
}

/** Calls `listener` for every `event` the server sends, whatever socket is current. */
export function onSocketEvent(event: string, listener: Listener): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    eventListeners.set(event, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `listener` on every successful connection: the first one and each reconnection. */
export function onSocketConnect(listener: (socket: Socket) => void): () => void {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}

/**
 * Emits only on a live connection and answers whether it did. socket.io-client would otherwise
 * buffer the event and send it on reconnection by itself, on top of any retry the caller makes.
 */
export function emitNow(event: string, payload: unknown): boolean {
  const current = getSocket();
  if (!current?.connected) return false;
  current.emit(event, payload);
  return true;
}
