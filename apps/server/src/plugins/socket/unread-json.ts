// An event's argument the decoder leaves as JSON text (decision 103). A new order is the largest
// thing a socket sends (the contract's cart items whole: 5 KB of titles and descriptions the
// server ignores), and parsing it, validating it and collecting what that allocated cost the
// thread every socket waits on about a tenth of each order. Left as text, it is read on a
// thread of its own (orders' placement/payload-reader.ts).
import { SOCKET_EVENTS } from '@comanda/shared';

/** The JSON text of an event's one argument, as the client sent it: not parsed, not checked. */
export class UnreadJson {
  constructor(readonly text: string) {}
}

/** The events whose argument arrives as UnreadJson: a new order's `confirm-cart`. */
const READ_LATER = [SOCKET_EVENTS.confirmCart];

/** What each such event's packet reads after its type and ack id, up to its argument: `["confirm-cart",`. */
const EVENT_HEADS = READ_LATER.map((event) => ({ event, head: `[${JSON.stringify(event)},` }));

/**
 * The packet of a default-namespace event named in READ_LATER with one argument, its argument
 * left as text; undefined for any other packet (the default decoder reads those). `text` is the
 * packet as engine.io hands it to Socket.IO's decoder: `2`, maybe an ack id, then the JSON array.
 */
export function eventReadLater(
  text: string,
): { id: number | undefined; event: string; argument: UnreadJson } | undefined {
  if (text.charCodeAt(0) !== 50 /* '2' */ || !text.endsWith(']')) return undefined;
  let at = 1;
  while (at < text.length && isDigit(text.charCodeAt(at))) at++;
  for (const { event, head } of EVENT_HEADS) {
    if (!text.startsWith(head, at)) continue;
    const id = at > 1 ? Number(text.slice(1, at)) : undefined;
    return { id, event, argument: new UnreadJson(text.slice(at + head.length, -1)) };
  }
  return undefined;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
