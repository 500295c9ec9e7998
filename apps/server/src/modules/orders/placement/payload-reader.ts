// Where a confirm-cart payload is read (decision 103). The socket's decoder leaves a new order's
// argument as JSON text (plugins/socket/unread-json.ts); parsed and checked on the event loop,
// its 5 KB and the objects they became cost the thread every socket waits on about a tenth of
// each order. The texts read in one turn of the event loop go to the payloads' thread in one
// message, and come back as what placement needs: a few hundred bytes per order.
import { UnreadJson } from '../../../plugins/socket';
import type { PayloadRead, ReadPayloads } from '../types';
import { readPayload, readPayloadText } from './payload';

interface Waiting {
  text: string;
  resolve: (read: PayloadRead) => void;
}

/**
 * Reads a payload: an object (the counter's, a client's that the decoder parsed) here, at once;
 * JSON text with `readTexts` when given (the payloads' thread), else here. Never rejects: should
 * the thread stop, the texts it held are read here rather than an order refused over it.
 */
export function payloadReader(readTexts?: ReadPayloads) {
  const together = readTexts ? readTogether(readTexts) : null;
  return (raw: unknown): PayloadRead | Promise<PayloadRead> => {
    if (!(raw instanceof UnreadJson)) return readPayload(raw);
    return together ? together(raw.text) : readPayloadText(raw.text);
  };
}

/** Each text read by `readTexts` with the others of its turn of the event loop. */
function readTogether(readTexts: ReadPayloads) {
  let waiting: Waiting[] = [];

  function send() {
    const batch = waiting;
    waiting = [];
    readTexts(batch.map(({ text }) => text)).then(
      (reads) => batch.forEach(({ resolve }, i) => resolve(reads[i]!)),
      () => batch.forEach(({ text, resolve }) => resolve(readPayloadText(text))),
    );
  }

  return (text: string) =>
    new Promise<PayloadRead>((resolve) => {
      // Sent once the turn's sockets are all read (setImmediate runs after I/O), together.
      if (waiting.push({ text, resolve }) === 1) setImmediate(send);
    });
}

export type PayloadReader = ReturnType<typeof payloadReader>;
