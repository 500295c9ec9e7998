// A minimal Socket.IO client for load generators: the websocket transport of Engine.IO 4 and the
// Socket.IO 5 packets a storefront sends and reads, written as text. The server receives the very
// bytes socket.io-client would send; the generator skips the client library's per-message work
// (encoding, binary checks, event dispatch), which cost ~200 µs of CPU per order on the same two
// cores the server needs (docs/benchmarks/log/2026-11-25-sqlite-writer-thread.md).
import WebSocket from 'ws';

/**
 * Connects to the default namespace with an access token in the query, as the storefront does
 * (none: an anonymous storefront's socket). Answers { send(text), onEvent(listener), close() }:
 * `send` takes a whole Socket.IO packet (`42[...]`), listeners get every event packet's text.
 */
export function connectLean(base, token) {
  const query = token === undefined ? '' : `&token=${encodeURIComponent(token)}`;
  const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket${query}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const listeners = new Set();
  return new Promise((resolve, reject) => {
    const socket = {
      send: (text) => ws.send(text),
      onEvent: (listener) => listeners.add(listener),
      /** Closes the connection; resolves once it is closed at both ends. */
      close: () =>
        new Promise((closed) => {
          ws.once('close', closed);
          ws.close();
        }),
    };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      // Engine.IO: 0 open, 2 ping (answered 3), 4 message; Socket.IO inside: 0 connect, 2 event, 4 error.
      if (text.startsWith('42')) for (const listener of listeners) listener(text);
      else if (text === '2') ws.send('3');
      else if (text.startsWith('0')) ws.send('40');
      else if (text.startsWith('40')) resolve(socket);
      else if (text.startsWith('44')) reject(new Error(`connect refused: ${text.slice(2)}`));
    });
  });
}

/**
 * An event packet for `event` whose payload has one string field filled per send, built from
 * the payload's JSON once: `packet(value)` answers the packet text.
 */
export function packetWith(event, payload, field) {
  const marker = `\u0000${field}\u0000`;
  const [head, tail] = JSON.stringify([event, { ...payload, [field]: marker }]).split(
    JSON.stringify(marker),
  );
  return (value) => `42${head}${JSON.stringify(value)}${tail}`;
}
