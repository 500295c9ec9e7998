// An event's argument the decoder leaves as JSON, unread (decisions 103 and 104). A new order is
// the largest thing a socket sends (the contract's cart items whole: 5 KB of titles and
// descriptions the server ignores), and reading it (the frame's UTF-8 into a string), parsing
// it, validating it and collecting what that allocated cost the thread every socket waits on
// about a tenth of each order. Left as it came, it is read on a thread of its own (orders'
// placement/payload-reader.ts): as the frame's bytes from a WebSocket, as text from polling.
import { SOCKET_EVENTS } from '@comanda/shared';

/** The JSON of an event's one argument, as the client sent it: not decoded, parsed or checked. */
export class UnreadJson {
  /** Its UTF-8 bytes (a WebSocket frame's), or its text (a polling request's). */
  constructor(readonly json: string | Uint8Array) {}
}

/** An event packet whose argument is left unread. */
export interface PacketReadLater {
  id: number | undefined;
  event: string;
  argument: UnreadJson;
}

/** The events whose argument arrives as UnreadJson: a new order's `confirm-cart`. */
const READ_LATER = [SOCKET_EVENTS.confirmCart];

/** What each such event's packet reads after its type and ack id, up to its argument: `["confirm-cart",`. */
const EVENT_HEADS = READ_LATER.map((event) => ({ event, head: `[${JSON.stringify(event)},` }));

/** The longest ack id read from a frame's head (a client's counter: 2⁵³ has 16 digits). */
const MAX_ID_DIGITS = 16;
/** How much of a frame, after engine.io's type, is read as text to find its head: Socket.IO's type, the id, the head. */
const FRAME_HEAD_BYTES =
  1 + MAX_ID_DIGITS + Math.max(...EVENT_HEADS.map(({ head }) => head.length));

const CLOSE_BRACKET = 0x5d; // ']'
const ENGINE_MESSAGE = 0x34; // '4': engine.io's message packet

/**
 * Where a packet's argument starts when it is a default-namespace event named in READ_LATER: its
 * event, its ack id and the argument's first index in `head` (the packet from its Socket.IO
 * type on); undefined for any other packet.
 */
function headOf(head: string): { id: number | undefined; event: string; from: number } | undefined {
  if (head.charCodeAt(0) !== 50 /* '2' */) return undefined;
  let at = 1;
  while (at < head.length && isDigit(head.charCodeAt(at))) at++;
  for (const { event, head: expected } of EVENT_HEADS) {
    if (!head.startsWith(expected, at)) continue;
    const id = at > 1 ? Number(head.slice(1, at)) : undefined;
    return { id, event, from: at + expected.length };
  }
  return undefined;
}

/**
 * The packet of a default-namespace event named in READ_LATER with one argument, its argument
 * left as text; undefined for any other packet (the default decoder reads those). `text` is the
 * packet as engine.io hands it to Socket.IO's decoder: `2`, maybe an ack id, then the JSON array.
 */
export function eventReadLater(text: string): PacketReadLater | undefined {
  if (!text.endsWith(']')) return undefined;
  const found = headOf(text);
  if (!found) return undefined;
  const { id, event, from } = found;
  return { id, event, argument: new UnreadJson(text.slice(from, -1)) };
}

/**
 * The same for a WebSocket text frame as ws delivers it (engine.io's `4`, then the packet), its
 * argument left as the frame's bytes: never decoded on the event loop. Undefined for any other frame.
 */
export function frameReadLater(frame: Buffer): PacketReadLater | undefined {
  if (frame[0] !== ENGINE_MESSAGE || frame[frame.length - 1] !== CLOSE_BRACKET) return undefined;
  // The head is ASCII whenever it is one of ours: read as Latin-1, any other byte fails to match.
  const found = headOf(frame.toString('latin1', 1, 1 + FRAME_HEAD_BYTES));
  if (!found) return undefined;
  const { id, event, from } = found;
  return { id, event, argument: new UnreadJson(frame.subarray(1 + from, -1)) };
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Where a frame's bytes on their way through engine.io keep the packet read of their head. */
const CARRIED = Symbol('packet read later');

/**
 * A frame whose argument is read later, as it goes through engine.io to Socket.IO's decoder:
 * engine.io passes a binary message's bytes on untouched, so the decoder gets these, with the
 * packet already read of their head. Without its engine.io type, as a text message's would be.
 */
export function frameCarrying(frame: Buffer, packet: PacketReadLater): Buffer {
  const carrier = frame.subarray(1);
  Object.defineProperty(carrier, CARRIED, { value: packet });
  return carrier;
}

/** The packet a frame carries (frameCarrying); undefined for anything else, binary a client sent included. */
export const packetCarried = (chunk: unknown): PacketReadLater | undefined =>
  chunk instanceof Uint8Array ? (chunk as { [CARRIED]?: PacketReadLater })[CARRIED] : undefined;
