// Every frame a connection is sent within one tick leaves in one write (decision 098).
//
// Engine.io hands a WebSocket its packets one `ws.send` at a time, and each is a system call of
// its own. A committed group of orders reaches the branch's board as one `new-order` per order:
// the first goes out at once, the rest wait in engine.io's buffer until that write's callback and
// are then sent back to back, one write each. On loopback a write also does the receiver's TCP
// work, so on the event loop a batch of 80 orders cost the board 80 writes. Held until the tick
// ends, the first frame leaves then, and the ones buffered behind it leave together in one
// writev once it is written: 2 writes. A connection sent one frame (a customer's answer) still
// writes once, in the same tick as before.
import type { Socket as NetSocket } from 'node:net';
import type { SocketServer } from './io-types';

/** The parts of an engine.io connection read here: its transport, and below it the TCP socket. */
interface EngineConnection {
  transport?: { name?: string; socket?: { _socket?: NetSocket } };
}

const held = new Set<NetSocket>();
let releaseScheduled = false;

function releaseAll() {
  releaseScheduled = false;
  for (const socket of held) socket.uncork();
  held.clear();
}

/** `socket` keeps what it is written until the current tick's work (its microtasks too) is done. */
function holdUntilTickEnds(socket: NetSocket): void {
  if (held.has(socket) || socket.destroyed) return;
  socket.cork();
  held.add(socket);
  if (releaseScheduled) return;
  releaseScheduled = true;
  process.nextTick(releaseAll);
}

/** The TCP socket under a connection on the WebSocket transport; none while it polls. */
function tcpSocketOf(connection: EngineConnection): NetSocket | undefined {
  const transport = connection.transport;
  return transport?.name === 'websocket' ? transport.socket?._socket : undefined;
}

/**
 * Engine.io's server tells `flush` before a connection's buffered packets go to its transport:
 * the moment to hold that connection's TCP socket until the tick ends.
 */
export function oneWritePerTick(io: SocketServer): void {
  io.engine.on('flush', (connection: EngineConnection) => {
    const socket = tcpSocketOf(connection);
    if (socket) holdUntilTickEnds(socket);
  });
}
