import {
  SOCKET_EVENTS,
  SOCKET_RECONNECT,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketEventName,
  type SocketEventPayload,
} from '@comanda/shared';
import { io, type Socket as AnySocket } from 'socket.io-client';

/**
 * Socket.IO connections that follow a session (product.md «States and transitions» "App start", «Wire contract», «Business constants»). A connection
 * exists while the session holds a token — opened at start or on login, replaced when the token
 * changes, closed on logout — and, for a connection that allows it, anonymously while there is
 * none: a storefront hears the public events (`availability`, `branch-status`) logged in or not.
 * This module (and socket.io-client with it) is loaded lazily, never by the first load.
 *
 * Features never touch a Socket object's lifecycle: they listen with `onEvent`/`onConnect`
 * (which survive reconnections and token changes) and emit with `emitNow`. The storefront's one
 * connection is exported below as plain functions; the staff console makes its own with
 * `createRealtime`, since it runs on a session of its own.
 */

/** product.md «Business constants» reconnect settings (packages/shared/src/socket.ts: no zod there, so nothing heavy comes with them). */
export const RECONNECT = SOCKET_RECONNECT;

/** The server's connect_error message for a missing, revoked or expired token. */
export const UNAUTHORIZED = 'unauthorized';

/**
 * A connection typed from the real-time contract (decision 064): what it hears and what it may
 * send. Types only: the zod schemas they come from never reach the browser bundle this way.
 */
export type Socket = AnySocket<ServerToClientEvents, ClientToServerEvents>;

/** What a client sends, and with what (`confirm-cart` and its order). */
type ClientEventName = keyof ClientToServerEvents;
type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];

type Listener = (payload: unknown) => void;

/**
 * The session as far as a socket cares (the app passes its zustand store; lib imports no
 * stores): the token to connect with, a way to follow it, and a way to end a dead session.
 */
export interface SessionSource {
  getState: () => { access_token: string | null };
  subscribe: (listener: () => void) => unknown;
  /** The server refused the token (revoked, expired, unknown): end the session. */
  expire: () => void;
}

export interface Realtime {
  /** Follow the session. Idempotent: only the first call counts. */
  start: (source: SessionSource) => void;
  /** The current socket, connected or not; null while there is none. */
  getSocket: () => Socket | null;
  /** Calls `listener` for every `event` the server sends, whatever socket is current. */
  onEvent: <E extends SocketEventName>(
    event: E,
    listener: (payload: SocketEventPayload<E>) => void,
  ) => () => void;
  /**
   * Calls `listener` on every successful connection — the first one and each reconnection — and
   * when the server says events were missed (`resync`): each is a moment to read again.
   */
  onConnect: (listener: (socket: Socket) => void) => () => void;
  /** Calls `listener` with true when a connection goes live and false when it drops. */
  onLiveChange: (listener: (live: boolean) => void) => () => void;
  isLive: () => boolean;
  /**
   * Emits only on a live connection and answers whether it did. socket.io-client would otherwise
   * buffer the event and send it on reconnection by itself, on top of any retry the caller makes.
   */
  emitNow: <E extends ClientEventName>(event: E, payload: ClientEventPayload<E>) => boolean;
}

export function createRealtime({ anonymous }: { anonymous: boolean }): Realtime {
  let started = false;
  let socket: Socket | null = null;
  // undefined: nothing opened yet; null: the anonymous connection.
  let socketToken: string | null | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let session: SessionSource | null = null;
  const eventListeners = new Map<string, Set<Listener>>();
  const connectListeners = new Set<(socket: Socket) => void>();
  const liveListeners = new Set<(live: boolean) => void>();

  const tellLive = (live: boolean) => {
    for (const listener of liveListeners) listener(live);
  };

  /** Connects `target` again after the longest backoff, if it is still the current socket. */
  function retryLater(target: Socket): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (target === socket) target.connect();
    }, RECONNECT.reconnectionDelayMax);
  }

  function open(token: string | null): Socket {
    const next: Socket = io({
      path: '/socket.io',
      ...(token ? { query: { token } } : {}),
      ...RECONNECT,
      // Websocket first: behind a load balancer it needs no sticky sessions (polling does).
      // Polling stays as the fallback for networks that block websockets.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      // Each token gets its own Manager; a shared one would keep the previous token's query.
      forceNew: true,
    });
    next.on('connect', () => {
      tellLive(true);
      for (const listener of connectListeners) listener(next);
    });
    // The server could not hear the other nodes for a while (its Redis was away): whatever
    // re-reads on a reconnection re-reads now, on the same connection.
    next.on(SOCKET_EVENTS.resync, () => {
      if (next !== socket) return;
      for (const listener of connectListeners) listener(next);
    });
    next.on('disconnect', (reason: string) => {
      if (next !== socket) return;
      tellLive(false);
      // The server disconnected this socket itself (its session ended, or an older server that
      // stops), and socket.io-client does not retry that case: try again after the longest
      // backoff. A node that stops for a deploy closes the connection instead (decision 078),
      // which socket.io-client retries by itself, through the proxy to another node.
      if (reason === 'io server disconnect') retryLater(next);
    });
    next.onAny((event: string, payload: unknown) => {
      for (const listener of eventListeners.get(event) ?? []) listener(payload);
    });
    next.on('connect_error', (error: Error) => {
      if (next !== socket) return;
      tellLive(false);
      if (error.message === UNAUTHORIZED) {
        session?.expire();
        return;
      }
      // A refusal by the server's middleware ('unavailable') is not retried by socket.io itself
      // (`active` turns false); network errors are, with the contract's backoff.
      if (!next.active) retryLater(next);
    });
    return next;
  }

  function sync(token: string | null): void {
    const wanted = token ?? (anonymous ? null : undefined);
    if (wanted === socketToken) return;
    clearTimeout(retryTimer);
    const previous = socket;
    socket = null;
    socketToken = wanted;
    previous?.disconnect();
    if (previous?.connected) tellLive(false);
    if (wanted !== undefined) socket = open(wanted);
  }

  return {
    start(source) {
      if (started) return;
      started = true;
      session = source;
      sync(source.getState().access_token);
      source.subscribe(() => sync(source.getState().access_token));
    },
    getSocket: () => socket,
    onEvent(event, listener) {
      let listeners = eventListeners.get(event);
      if (!listeners) {
        listeners = new Set();
        eventListeners.set(event, listeners);
      }
      // Kept by event name: onAny hands each listener the payload of the event it asked for.
      const heard = listener as Listener;
      listeners.add(heard);
      return () => {
        listeners.delete(heard);
      };
    },
    onConnect(listener) {
      connectListeners.add(listener);
      return () => {
        connectListeners.delete(listener);
      };
    },
    onLiveChange(listener) {
      liveListeners.add(listener);
      return () => {
        liveListeners.delete(listener);
      };
    },
    isLive: () => socket?.connected ?? false,
    emitNow(event, payload) {
      if (!socket?.connected) return false;
      // Socket.IO's emit cannot relate a generic event to its payload; emitNow's signature has.
      socket.emit<ClientEventName>(event, payload as ClientEventPayload<ClientEventName>);
      return true;
    },
  };
}

/**
 * The storefront's one connection: anonymous while logged out (public events only), with the
 * customer's token once logged in.
 */
const storefront = createRealtime({ anonymous: true });

export const startRealtime = storefront.start;
export const getSocket = storefront.getSocket;
export const onSocketEvent = storefront.onEvent;
export const onSocketConnect = storefront.onConnect;
export const emitNow = storefront.emitNow;
