import type { ClientToServerEvents, ServerToClientEvents } from '@comanda/shared';
import type { Server, Socket } from 'socket.io';
import type { SessionUser } from '../../lib/authorization';

/** What the handshake fixes on a socket: its session's user, null on an anonymous storefront. */
export interface SocketData {
  user: SessionUser | null;
}

/** The nodes tell each other nothing through Socket.IO but what its Redis adapter sends. */
type InterServerEvents = Record<string, never>;

/** Socket.IO typed from the real-time contract (`packages/shared/src/schemas/realtime.ts`). */
export type SocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** `user` is null on an anonymous storefront socket: it hears public events and places nothing. */
export type AuthedSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
