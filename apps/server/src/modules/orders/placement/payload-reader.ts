// Where a confirm-cart payload is read (decisions 103 and 104). The socket's decoder leaves a new
// order's argument unread (plugins/socket/unread-json.ts): a WebSocket frame's UTF-8 bytes, or a
// polling request's text. Decoded, parsed and checked on the event loop, its 5 KB and the
// objects they became cost the thread every socket waits on about a tenth of each order. The
// payloads read in one turn of the event loop go to the payloads' thread a few at a time, and
// come back as what placement needs: a few hundred bytes per order.
import { UnreadJson } from '../../../plugins/socket';
import type { PayloadRead, ReadPayloads } from '../types';
import { readPayload, readPayloadJson } from './payload';

type Json = UnreadJson['json'];

interface Waiting {
  json: Json;
  resolve: (read: PayloadRead) => void;
}

/**
 * Reads a payload: an object (the counter's, a client's that the decoder parsed) here, at once;
 * unread JSON with `readPayloads` when given (the payloads' thread), else here. Never rejects:
 * should the thread stop, the payloads it held are read here rather than an order refused over it.
 */
export function payloadReader(readPayloads?: ReadPayloads) {
  const together = readPayloads ? readTogether(readPayloads) : null;
  return (raw: unknown): PayloadRead | Promise<PayloadRead> => {
    if (!(raw instanceof UnreadJson)) return readPayload(raw);
    return together ? together(raw.json) : readPayloadJson(raw.json);
  };
}

/**
 * The most payloads in one message to the thread (decision 108). The thread answers a message
 * once it has read all of it, and placement waits for that answer: a turn's 95 orders in one
 * message left placement and the orders' writer idle while the thread read the lot, then the
 * thread idle while they worked. A few at a time, placement starts on the first ones while the
 * thread reads the next, and the writer's first batch leaves sooner.
 */
export const PAYLOADS_PER_MESSAGE = 24;

/** Each payload read by `readPayloads` with the others of its turn of the event loop. */
function readTogether(readPayloads: ReadPayloads) {
  let waiting: Waiting[] = [];

  function send() {
    const turn = waiting;
    waiting = [];
    for (let from = 0; from < turn.length; from += PAYLOADS_PER_MESSAGE)
      sendSome(turn.slice(from, from + PAYLOADS_PER_MESSAGE));
  }

  function sendSome(batch: Waiting[]) {
    const { payloads, buffer } = packed(batch.map(({ json }) => json));
    readPayloads(payloads, buffer).then(
      (reads) => batch.forEach(({ resolve }, i) => resolve(reads[i]!)),
      () => batch.forEach(({ json, resolve }) => resolve(readPayloadJson(json))),
    );
  }

  return (json: Json) =>
    new Promise<PayloadRead>((resolve) => {
      // Sent once the turn's sockets are all read (setImmediate runs after I/O).
      if (waiting.push({ json, resolve }) === 1) setImmediate(send);
    });
}

/**
 * The payloads with their bytes copied into one buffer of their own, which the thread is handed
 * rather than sent a copy of (a copy cost the event loop about 3 µs an order at a turn's 95). A
 * frame's bytes are a view of what ws read from the socket, and a message to a thread carries a
 * view's whole buffer: each view would take its socket read with it, and the same read twice
 * when two orders came in it. The views in `waiting` stay usable: the event loop reads them
 * itself should the thread stop.
 */
function packed(payloads: Json[]): { payloads: Json[]; buffer?: ArrayBuffer } {
  let length = 0;
  for (const json of payloads) if (typeof json !== 'string') length += json.byteLength;
  if (length === 0) return { payloads };
  const bytes = new Uint8Array(length);
  let at = 0;
  const copies = payloads.map((json) => {
    if (typeof json === 'string') return json;
    bytes.set(json, at);
    at += json.byteLength;
    return bytes.subarray(at - json.byteLength, at);
  });
  return { payloads: copies, buffer: bytes.buffer };
}

export type PayloadReader = ReturnType<typeof payloadReader>;
