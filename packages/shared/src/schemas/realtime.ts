import { z } from 'zod';
import { SOCKET_EVENTS } from '../socket';
import {
  confirmCartAnswer,
  orderStatusEventSchema,
  placedOrderSchema,
  type ConfirmCartPayload,
} from './checkout';
import {
  availabilityEventSchema,
  branchStatusEventSchema,
  optionAvailabilityEventSchema,
} from './console';
import { couriersEventSchema, etaEventSchema, tripEventSchema } from './dispatch';
import { stationItemEventSchema } from './stations';

/** The name of a Socket.IO event of the contract. */
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/**
 * What the server sends with each Socket.IO event: the real-time half of the API's contract
 * (the HTTP half is the OpenAPI document). The server tests check every event their clients
 * receive against it, so an event cannot drift from what the storefront and the console parse.
 */
export const socketEventSchemas = {
  [SOCKET_EVENTS.confirmCart]: confirmCartAnswer,
  [SOCKET_EVENTS.orderStatus]: orderStatusEventSchema,
  [SOCKET_EVENTS.newOrder]: placedOrderSchema,
  [SOCKET_EVENTS.branchStatus]: branchStatusEventSchema,
  [SOCKET_EVENTS.availability]: availabilityEventSchema,
  [SOCKET_EVENTS.optionAvailability]: optionAvailabilityEventSchema,
  // Signals with nothing to read: the client reads the catalogue, or what it shows, again.
  [SOCKET_EVENTS.catalogChanged]: z.object({}).strict(),
  [SOCKET_EVENTS.resync]: z.object({}).strict(),
  [SOCKET_EVENTS.trip]: tripEventSchema,
  [SOCKET_EVENTS.couriers]: couriersEventSchema,
  [SOCKET_EVENTS.eta]: etaEventSchema,
  [SOCKET_EVENTS.stationItem]: stationItemEventSchema,
} satisfies Record<SocketEventName, z.ZodType>;

/** What the server sends with `event`, as its schema in `socketEventSchemas` reads it. */
export type SocketEventPayload<E extends SocketEventName> = z.infer<(typeof socketEventSchemas)[E]>;

// The typed halves of Socket.IO (`Server<ClientToServerEvents, ServerToClientEvents>` on the
// server, `Socket<ServerToClientEvents, ClientToServerEvents>` in the browser), derived from the
// schemas so that an event name or a payload the contract does not describe fails to compile.
// The browser imports them as types only: its bundle carries no zod for them (decision 064).

/** Every event the server sends, with its one payload. */
export type ServerToClientEvents = {
  [E in SocketEventName]: (payload: SocketEventPayload<E>) => void;
};

/**
 * Every event a client sends: `confirm-cart` with the order (product.md «Placing an order»), and
 * an optional acknowledgement that receives the same answer as the `confirm-cart` event. The
 * server treats what arrives as unknown and validates it with `confirmCartPayload`.
 */
export interface ClientToServerEvents {
  [SOCKET_EVENTS.confirmCart]: (
    payload: ConfirmCartPayload,
    ack?: (answer: SocketEventPayload<typeof SOCKET_EVENTS.confirmCart>) => void,
  ) => void;
}
