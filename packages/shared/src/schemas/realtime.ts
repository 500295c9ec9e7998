import { z } from 'zod';
import { SOCKET_EVENTS } from '../socket';
import { confirmCartAnswer, orderStatusEventSchema, placedOrderSchema } from './checkout';
import {
  availabilityEventSchema,
  branchStatusEventSchema,
  optionAvailabilityEventSchema,
} from './console';

type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

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
} satisfies Record<SocketEventName, z.ZodType>;
