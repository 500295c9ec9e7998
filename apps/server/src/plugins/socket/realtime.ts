import type { SocketEventName, SocketEventPayload } from '@comanda/shared';
import type { AuthedSocket, SocketServer } from './io-types';
import { rooms } from './rooms';

/**
 * The one way the server emits a Socket.IO event (decision 064). Each method is typed from the
 * real-time contract: an event it does not list, or a payload of another shape, fails to compile.
 */
export interface Realtime {
  /** To every socket of a customer, on every node. */
  toUser<E extends SocketEventName>(userId: number, event: E, payload: SocketEventPayload<E>): void;
  /** To a branch's staff and to chain-wide staff, on every node. */
  toBranch<E extends SocketEventName>(
    branchId: number,
    event: E,
    payload: SocketEventPayload<E>,
  ): void;
  /** One event to a customer and to a branch: encoded once, and once to a socket in both. */
  toUserAndBranch<E extends SocketEventName>(
    userId: number,
    branchId: number,
    event: E,
    payload: SocketEventPayload<E>,
  ): void;
  /** To one courier's phones, on every node (decision 068). */
  toCourier<E extends SocketEventName>(
    courierId: number,
    event: E,
    payload: SocketEventPayload<E>,
  ): void;
  /** To every signed-in socket, on every node. */
  toSignedIn<E extends SocketEventName>(event: E, payload: SocketEventPayload<E>): void;
  /**
   * To every socket of this node only, anonymous storefronts included: for what every node hears
   * by itself (catalogue changes through catalog-events) and then tells its own sockets, so an
   * event never reaches a screen before that screen's node serves the new answers.
   */
  toThisNode<E extends SocketEventName>(event: E, payload: SocketEventPayload<E>): void;
  /** To one socket: the answer to what it sent. */
  toSocket<E extends SocketEventName>(
    socket: AuthedSocket,
    event: E,
    payload: SocketEventPayload<E>,
  ): void;
}

/** Where an event can go: a room or rooms, this node's sockets, or one socket. */
type Target = Pick<ReturnType<SocketServer['to']>, 'emit'> | Pick<AuthedSocket, 'emit'>;

/** Socket.IO's emit as this module calls it, once an event's payload is known to match it. */
interface CheckedEmit {
  emit(event: SocketEventName, payload: SocketEventPayload<SocketEventName>): boolean;
}

/**
 * Socket.IO's emit is typed from the same map, but cannot relate a generic event to its payload:
 * the methods of `Realtime` do, so the one cast is here, where every event goes out.
 */
function send<E extends SocketEventName>(target: Target, event: E, payload: SocketEventPayload<E>) {
  (target as CheckedEmit).emit(event, payload);
}

export function realtimeOf(io: SocketServer): Realtime {
  return {
    toUser: (userId, event, payload) => send(io.to(rooms.user(userId)), event, payload),
    toBranch: (branchId, event, payload) =>
      send(io.to([rooms.branch(branchId), rooms.allBranches]), event, payload),
    toUserAndBranch: (userId, branchId, event, payload) =>
      send(io.to([rooms.user(userId), rooms.branch(branchId), rooms.allBranches]), event, payload),
    toCourier: (courierId, event, payload) => send(io.to(rooms.courier(courierId)), event, payload),
    toSignedIn: (event, payload) => send(io.to(rooms.signedIn), event, payload),
    toThisNode: (event, payload) => send(io.local, event, payload),
    toSocket: (socket, event, payload) => send(socket, event, payload),
  };
}
