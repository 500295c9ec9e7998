// WebSocket text frames as engine.io reads them: as strings read without V8's slow UTF-8 path
// (decision 101), and a new order's frame not read on the event loop at all (decision 104).
import { WebSocket, WebSocketServer, type ServerOptions } from 'ws';
import { utf8Text } from '../../lib/utf8-text';
import { frameCarrying, frameReadLater } from './unread-json';

/**
 * ws's connection, telling a text message as the string it reads (engine.io takes a string as
 * it is: it only calls toString on what it is given). A frame whose argument is read later
 * (unread-json.ts) is told as bytes instead, which engine.io passes on to Socket.IO's decoder
 * untouched: its 5 KB are decoded where they are parsed, on the payloads' thread.
 */
class TextFrameWebSocket extends WebSocket {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'message' && args[1] === false && Buffer.isBuffer(args[0])) {
      const frame = args[0];
      const later = frameReadLater(frame);
      if (later) return super.emit(event, frameCarrying(frame, later), true);
      return super.emit(event, utf8Text(frame), false);
    }
    return super.emit(event, ...args);
  }
}

/** What engine.io's `wsEngine` option takes: ws's server, making its connections as above. */
export class TextFrameServer extends WebSocketServer {
  constructor(options: ServerOptions, callback?: () => void) {
    super({ ...options, WebSocket: TextFrameWebSocket }, callback);
  }
}
