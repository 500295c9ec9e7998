// A WebSocket text frame read as a string without V8's slow UTF-8 path (decision 101).
//
// Engine.io turns each text frame into a string with Buffer#toString. V8's UTF-8 decoder copies
// ASCII fast, but from the first byte that is not ASCII it decodes one character at a time: an
// order of the contract's (every cart item whole, its Spanish titles and descriptions) is 5 KB
// of mostly ASCII with an accent every few words, and took 16–24 µs of the event loop to read,
// against 5–8 µs through ICU's converter to UTF-16. The frames are the same bytes; ws has
// already refused a text frame that is not valid UTF-8, and both decoders read valid UTF-8 to
// the same string (a test compares them).
import { isAscii, transcode } from 'node:buffer';
import { WebSocket, WebSocketServer, type ServerOptions } from 'ws';

/**
 * Below this, the converter's own start costs more than V8's decoder (1.9 µs against 0.5 µs at
 * 64 bytes, 3.7 against 5.4 at 1 KB: decision 101).
 */
const CONVERTER_FROM_BYTES = 1024;

/** A text frame's payload (valid UTF-8, as ws delivers it) as a string. */
export function textOfFrame(data: Buffer): string {
  if (data.length < CONVERTER_FROM_BYTES || isAscii(data)) return data.toString('utf8');
  return transcode(data, 'utf8', 'utf16le').toString('utf16le');
}

/**
 * ws's connection, telling a text message as the string it reads (engine.io takes a string as
 * it is: it only calls toString on what it is given).
 */
class TextFrameWebSocket extends WebSocket {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'message' && args[1] === false && Buffer.isBuffer(args[0]))
      return super.emit(event, textOfFrame(args[0]), false);
    return super.emit(event, ...args);
  }
}

/** What engine.io's `wsEngine` option takes: ws's server, making its connections as above. */
export class TextFrameServer extends WebSocketServer {
  constructor(options: ServerOptions, callback?: () => void) {
    super({ ...options, WebSocket: TextFrameWebSocket }, callback);
  }
}
