// Socket.IO's packets as text only (decision 092). The wire is the default parser's, byte for
// byte, so every client written against product.md «Wire contract» (socket.io-client with its
// default parser) reads and writes it unchanged. What goes: the default encoder walks every
// outgoing payload looking for binary (`hasBinary`) before it writes the same JSON text, and
// nothing Comanda sends or hears is binary; a binary packet from a client is refused, which
// closes that connection as any packet the parser cannot read does. A new order's argument is
// left unread for a thread to read (unread-json.ts, decisions 103 and 104).
import { Decoder as DefaultDecoder, PacketType, protocol, type Packet } from 'socket.io-parser';
import { packetJson } from './json-once';
import { eventReadLater, packetCarried, type PacketReadLater } from './unread-json';

/**
 * The default encoder's text form (socket.io-parser's `encodeAsString`), with no binary scan;
 * a payload marked as sent in several packets is written once (json-once.ts).
 */
export class Encoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += String(packet.id);
    if (packet.data != null) text += packetJson(packet.data);
    return [text];
  }
}

const BINARY_TYPES = new Set([String(PacketType.BINARY_EVENT), String(PacketType.BINARY_ACK)]);

/**
 * The default decoder for text packets, but for the events whose argument is read later
 * (unread-json.ts); a binary packet, or raw binary data, is an error.
 */
export class Decoder extends DefaultDecoder {
  override add(chunk: unknown): void {
    const carried = packetCarried(chunk);
    if (carried) return this.readLater(carried);
    if (typeof chunk !== 'string') throw new Error('binary data is not accepted');
    if (BINARY_TYPES.has(chunk.charAt(0))) throw new Error('binary packets are not accepted');
    const later = eventReadLater(chunk);
    if (!later) return super.add(chunk);
    this.readLater(later);
  }

  private readLater(later: PacketReadLater): void {
    const packet: Packet = {
      type: PacketType.EVENT,
      nsp: '/',
      data: [later.event, later.argument],
    };
    if (later.id !== undefined) packet.id = later.id;
    this.emitReserved('decoded', packet);
  }
}

/** What Socket.IO's `parser` option takes: the protocol with its encoder and decoder. */
export const textParser = { protocol, PacketType, Encoder, Decoder };
